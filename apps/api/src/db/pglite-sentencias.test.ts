import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clienteConSentencias, type ClienteConSentencias } from './pglite-sentencias.js';

let client: PGlite;

beforeAll(async () => {
  // In memory and without the product's extensions: it starts in about half the time.
  client = await PGlite.create();
  await client.exec(`
    create table muestra (
      id int primary key, grande bigint, importe numeric(12, 2), nombre text, activo boolean,
      dia date, momento timestamptz, datos jsonb, uid uuid, etiquetas text[], cifras int[], bytes bytea
    );
    insert into muestra values
      (1, 9007199254740993, 12.50, 'Ñandú', true, '2026-11-29', '2026-11-29 10:00:00+01',
       '{"a": [1, "b"]}', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{uno,"dos tres"}', '{1,2}', '\\x0102'),
      (2, null, null, null, null, null, null, null, null, null, null, null);
  `);
});

afterAll(async () => {
  await client.close();
});

/** What drizzle passes with every statement: dates and timestamps as the text PostgreSQL sent. */
const comoDrizzle = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

const nombradas = async () =>
  (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
    .rows[0]?.n;

describe('clienteConSentencias', () => {
  it('answers what PGlite’s own query answers, in object and array mode, reads and writes alike', async () => {
    const sentencias = clienteConSentencias(client);
    const lectura = 'select * from muestra where id = any($1::int[]) order by id';
    expect(await sentencias.query(lectura, [[1, 2]])).toEqual(
      await client.query(lectura, [[1, 2]]),
    );
    expect(await sentencias.query(lectura, [[1, 2]], comoDrizzle)).toEqual(
      await client.query(lectura, [[1, 2]], comoDrizzle),
    );
    // Parameters serialised by their inferred type: a Date, an object into jsonb, an array.
    const filtros =
      'select id from muestra where momento < $1 and datos @> $2 and etiquetas && $3 and importe = $4';
    const valores = [new Date('2026-12-01T00:00:00Z'), { a: [1] }, ['uno'], '12.5'];
    expect((await sentencias.query(filtros, valores)).rows).toEqual([{ id: 1 }]);

    const escritura = 'update muestra set nombre = $2 where id = $1 returning id, nombre';
    const propia = await sentencias.query(escritura, [2, 'Sóller']);
    const dePglite = await client.query(escritura, [2, 'Sóller']);
    expect(propia).toEqual(dePglite);
    expect(propia).toMatchObject({ affectedRows: 1, command: 'UPDATE', rowCount: 1 });
    const sinFilas = await sentencias.query('delete from muestra where id = $1', [99]);
    expect(sinFilas).toEqual(await client.query('delete from muestra where id = $1', [99]));
  });

  it('parses a text once and runs it again by name', async () => {
    const sentencias = clienteConSentencias(client);
    const antes = await nombradas();
    for (const id of [1, 2, 1]) {
      const { rows } = await sentencias.query<{ id: number }>(
        'select id from muestra where id = $1',
        [id],
      );
      expect(rows).toEqual([{ id }]);
    }
    expect(sentencias.sentencias).toBe(1);
    expect(await nombradas()).toBe((antes ?? 0) + 1);
    // Without parameters a statement goes to PGlite as it is (utility statements among them).
    await sentencias.query('select 1');
    expect(sentencias.sentencias).toBe(1);
  });

  it('closes the least recently used statement beyond its limit, and parses it again when asked', async () => {
    const sentencias = clienteConSentencias(client, 2);
    const antes = (await nombradas()) ?? 0;
    const texto = (n: number) => `select id, ${n} as n from muestra where id = $1`;
    await sentencias.query(texto(1), [1]);
    await sentencias.query(texto(2), [1]);
    await sentencias.query(texto(1), [1]); // 1 is now the most recent
    await sentencias.query(texto(3), [1]); // closes 2
    expect(sentencias.sentencias).toBe(2);
    expect(await nombradas()).toBe(antes + 2);
    expect((await sentencias.query(texto(2), [1])).rows).toEqual([{ id: 1, n: 2 }]);
    expect(await nombradas()).toBe(antes + 2);
  });

  it('rejects with PostgreSQL’s error and stays usable; a text that does not parse is not kept', async () => {
    const sentencias = clienteConSentencias(client);
    await expect(
      sentencias.query('selec id from muestra where id = $1', [1]),
    ).rejects.toMatchObject({ code: '42601' });
    expect(sentencias.sentencias).toBe(0);
    await expect(
      sentencias.query('insert into muestra (id) values ($1)', [1]),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await sentencias.query('select id from muestra where id = $1', [1])).rows).toEqual([
      { id: 1 },
    ]);
  });

  it('runs a transaction’s statements in it: a failure rolls back what came before', async () => {
    const sentencias = clienteConSentencias(client);
    await expect(
      sentencias.transaction(async (tx) => {
        await tx.query('insert into muestra (id, nombre) values ($1, $2)', [10, 'dentro']);
        await Promise.all([
          tx.query('select id from muestra where id = $1', [10]),
          tx.query('select id from muestra where id = $1', [1]),
        ]);
        await tx.query('insert into muestra (id) values ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await sentencias.query('select id from muestra where id = $1', [10])).rows).toEqual([]);
    const dentro = await sentencias.transaction(async (tx) => {
      await tx.query('insert into muestra (id, nombre) values ($1, $2)', [11, 'dentro']);
      return (await tx.query<{ id: number }>('select id from muestra where id = $1', [11])).rows;
    });
    expect(dentro).toEqual([{ id: 11 }]);
    // A statement sent through a transaction that has ended is refused, as PGlite refuses it.
    let terminada: ClienteConSentencias | undefined;
    await sentencias.transaction(async (tx) => {
      terminada = tx;
    });
    await expect(terminada!.query('insert into muestra (id) values ($1)', [12])).rejects.toThrow(
      'Transaction is closed',
    );
    expect((await sentencias.query('select id from muestra where id = $1', [12])).rows).toEqual([]);
  });

  it('makes a statement outside a transaction wait for the open one to end', async () => {
    const sentencias = clienteConSentencias(client);
    let terminar!: () => void;
    const abierta = sentencias.transaction(async (tx) => {
      await tx.query('insert into muestra (id) values ($1)', [20]);
      await new Promise<void>((resolve) => {
        terminar = resolve;
      });
      await tx.query('update muestra set nombre = $2 where id = $1', [20, 'confirmada']);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let leida: unknown;
    const fuera = sentencias
      .query<{ nombre: string }>('select nombre from muestra where id = $1', [20])
      .then(({ rows }) => (leida = rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leida).toBeUndefined();
    terminar();
    await Promise.all([abierta, fuera]);
    expect(leida).toEqual([{ nombre: 'confirmada' }]);
  });

  it('parses a statement again when its table changed shape since it was parsed', async () => {
    const sentencias = clienteConSentencias(client);
    await client.exec(
      'create table cambiante (id int primary key); insert into cambiante values (1)',
    );
    const texto = 'select * from cambiante where id = $1';
    expect((await sentencias.query(texto, [1])).rows).toEqual([{ id: 1 }]);
    await client.exec("alter table cambiante add column nota text default 'nueva'");
    expect((await sentencias.query(texto, [1])).rows).toEqual([{ id: 1, nota: 'nueva' }]);
    // Inside a transaction the error has aborted it: the caller gets PostgreSQL's own error (not
    // "transaction is aborted"), and the statement is parsed again on its next use.
    await client.exec('alter table cambiante add column otra int default 2');
    await expect(sentencias.transaction((tx) => tx.query(texto, [1]))).rejects.toMatchObject({
      code: '0A000',
    });
    expect((await sentencias.query(texto, [1])).rows).toEqual([{ id: 1, nota: 'nueva', otra: 2 }]);
  });
});
