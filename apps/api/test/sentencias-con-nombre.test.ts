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

  // Statements run one after the other reuse the pool's last released connection (pg-pool keeps
  // its idle connections as a stack), so these see one connection on PostgreSQL.
  it('answers queryPrepared from a prepared statement too', async () => {
    const texto = 'select $1::text as eco';
    expect(await test.database.queryPrepared(texto, ['uno'])).toEqual([{ eco: 'uno' }]);
    expect(await test.database.queryPrepared(texto, ['dos'])).toEqual([{ eco: 'dos' }]);
    expect(
      await test.database.queryPrepared(
        'select count(*)::int as veces from pg_prepared_statements where statement = $1',
        [texto],
      ),
    ).toEqual([{ veces: 1 }]);
  });

  it('gets over a statement that changed shape or was deallocated: at most one call fails', async () => {
    const db = test.database;
    await db.db.execute(sql`create table cambiante (id int primary key)`);
    await db.db.execute(sql`insert into cambiante values (1)`);
    const texto = 'select * from cambiante where id = $1';
    const unaVez = async (esperado: unknown, codigo: string) => {
      // PostgreSQL refuses the old statement once; PGlite parses it again at once.
      const primera = await db.queryPrepared(texto, [1]).catch((error: { code?: string }) => {
        expect(error.code).toBe(codigo);
        return undefined;
      });
      if (primera) expect(primera).toEqual(esperado);
      expect(await db.queryPrepared(texto, [1])).toEqual(esperado);
    };
    expect(await db.queryPrepared(texto, [1])).toEqual([{ id: 1 }]);
    // As another replica's migration would, while this process holds the statement.
    await db.db.execute(sql`alter table cambiante add column nota text default 'nueva'`);
    await unaVez([{ id: 1, nota: 'nueva' }], '0A000');
    // Deallocated behind the client's back: one call fails (node-postgres then forgets it had
    // parsed it; PGlite's client parses it again at once), the next parses it afresh.
    await db.db.execute(sql`deallocate all`);
    await unaVez([{ id: 1, nota: 'nueva' }], '26000');
    expect(await db.queryPrepared(texto, [1])).toEqual([{ id: 1, nota: 'nueva' }]);
    await db.db.execute(sql`drop table cambiante`);
  });
});
