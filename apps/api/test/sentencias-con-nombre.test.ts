import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(async () => {
  await test?.close();
});

/**
 * Decision 0049: on either engine a statement with parameters is parsed once per connection and
 * then run by name; drizzle's statements as well as queryPrepared's.
 */
describe('statements with parameters are kept by the connection', () => {
  it('runs a drizzle statement three times as one prepared statement', async () => {
    const texto = 'select $1::int + 1 as siguiente';
    const resultados: unknown[] = [];
    let veces: number | undefined;
    await test.database.db.transaction(async (tx) => {
      const filas = async (consulta: ReturnType<typeof sql>) =>
        ((await tx.execute(consulta)) as unknown as { rows: unknown[] }).rows;
      for (const n of [1, 2, 3])
        resultados.push(await filas(sql`select ${n}::int + 1 as siguiente`));
      const [fila] = (await filas(
        sql`select count(*)::int as veces from pg_prepared_statements where statement = ${texto}`,
      )) as { veces: number }[];
      veces = fila?.veces;
    });
    expect(resultados).toEqual([[{ siguiente: 2 }], [{ siguiente: 3 }], [{ siguiente: 4 }]]);
    expect(veces).toBe(1);
  });

  it('answers queryPrepared from a prepared statement too', async () => {
    const texto = 'select $1::text as eco';
    expect(await test.database.queryPrepared(texto, ['uno'])).toEqual([{ eco: 'uno' }]);
    expect(await test.database.queryPrepared(texto, ['dos'])).toEqual([{ eco: 'dos' }]);
  });
});
