import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/index.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Migration 0037 (comercial.md §10: the search "refreshed by a trigger when a client is renamed"):
// rentals, quotes and works carry a copy of their client's search text and sort key, filled by a
// trigger when they are written and refreshed by one on `partes` when the client is renamed. The
// migration's backfill is run here as the file writes it, on rows written the way the services
// wrote them before (the client's name and documento inside `busqueda`, no copy).

const SEP = '\u001f';
const MIGRACION = '0037_cliente_copia.sql';

let testDatabase: TestDatabase;
const query = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  testDatabase.database.withSession((session) => session.query<R>(text, params));

const cliente = async (empresa: string, nombre: string, documento: string | null) => {
  const nombreBusqueda = nombre.toLowerCase();
  const [fila] = await query<{ id: string }>(
    `insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
     values ('cliente', $1, $2, $3, $4, $5) returning id::text as id`,
    [
      empresa,
      nombre,
      documento,
      nombreBusqueda,
      documento ? `${nombreBusqueda}${SEP}${documento.toLowerCase()}` : nombreBusqueda,
    ],
  );
  return fila?.id ?? '';
};

const copia = async (tabla: string, id: string) =>
  (
    await query<{ busqueda: string; cliente_busqueda: string; cliente_orden: string }>(
      `select busqueda, cliente_busqueda, cliente_orden from ${tabla} where id = $1`,
      [id],
    )
  )[0];

const alquiler = async (numero: string, clienteId: string, busqueda: string) =>
  (
    await query<{ id: string }>(
      `insert into alquileres (numero, cliente_id, fecha_inicio, fecha_fin, facturacion, busqueda)
       values ($1, $2, '2026-03-01', '2026-03-10', 'al_finalizar', $3) returning id::text as id`,
      [numero, clienteId, busqueda],
    )
  )[0]?.id ?? '';

const presupuesto = async (clienteId: string | null, provisional: unknown, busqueda: string) =>
  (
    await query<{ id: string }>(
      `insert into presupuestos (cliente_id, cliente_provisional, fecha_inicio, fecha_fin,
         fecha_validez, facturacion, busqueda)
       values ($1, $2, '2026-03-01', '2026-03-10', '2026-03-31', 'al_finalizar', $3)
       returning id::text as id`,
      [clienteId, provisional === null ? null : JSON.stringify(provisional), busqueda],
    )
  )[0]?.id ?? '';

const obra = async (codigo: string, clienteId: string, busqueda: string) =>
  (
    await query<{ id: string }>(
      `insert into obras (codigo, nombre, cliente_id, tipo_trabajo, estado, busqueda)
       values ($1, 'Fachada', $2, 'fachadas', 'presupuestada', $3) returning id::text as id`,
      [codigo, clienteId, busqueda],
    )
  )[0]?.id ?? '';

beforeAll(async () => {
  testDatabase = await openTestDatabase();
});
afterAll(async () => {
  await testDatabase.close();
});

describe('migration 0037: a copy of the client on rentals, quotes and works', () => {
  test("the backfill copies each record's client and takes its words out of the record's own", async () => {
    const tramuntana = await cliente('alquileres', 'Excavaciones Tramuntana', '44556677L');
    const vertical = await cliente('verticales', 'Hotel Cala Major', null);
    const triggers = ['alquileres_cliente_copia', 'presupuestos_cliente_copia'];
    // Rows as they stood before 0037: written without the triggers that fill the copy.
    for (const [tabla, trigger] of [
      ['alquileres', triggers[0]],
      ['presupuestos', triggers[1]],
      ['obras', 'obras_cliente_copia'],
    ])
      await query(`alter table ${tabla} disable trigger ${trigger}`);
    const a = await alquiler(
      'A2026-00001',
      tramuntana,
      ['a2026-00001', 'excavaciones tramuntana', '44556677l', 'reforma hotel', 'mex-001'].join(SEP),
    );
    const q = await presupuesto(
      tramuntana,
      null,
      ['excavaciones tramuntana', '44556677l', 'obra x'].join(SEP),
    );
    const provisional = await presupuesto(
      null,
      { nombre: 'Juan Prospecto', documento: '12345678Z' },
      ['juan prospecto', '12345678z', 'obra y'].join(SEP),
    );
    const o = await obra(
      'OB2026-00001',
      vertical,
      ['ob2026-00001', 'fachada', 'hotel cala major', 'palma'].join(SEP),
    );
    const migracion = await readFile(join(MIGRATIONS_DIR, MIGRACION), 'utf8');
    const backfill = migracion
      .split('--> statement-breakpoint')
      .map((sentencia) => sentencia.replace(/^(\s*--.*\n)+/, '').trim())
      .filter((sentencia) => sentencia.startsWith('UPDATE'));
    expect(backfill).toHaveLength(4);
    for (const sentencia of backfill) await query(sentencia);
    for (const [tabla, trigger] of [
      ['alquileres', triggers[0]],
      ['presupuestos', triggers[1]],
      ['obras', 'obras_cliente_copia'],
    ])
      await query(`alter table ${tabla} enable trigger ${trigger}`);

    expect(await copia('alquileres', a)).toEqual({
      busqueda: ['a2026-00001', 'reforma hotel', 'mex-001'].join(SEP),
      cliente_busqueda: `excavaciones tramuntana${SEP}44556677l`,
      cliente_orden: 'excavaciones tramuntana',
    });
    expect(await copia('presupuestos', q)).toEqual({
      busqueda: 'obra x',
      cliente_busqueda: `excavaciones tramuntana${SEP}44556677l`,
      cliente_orden: 'excavaciones tramuntana',
    });
    // A provisional client is the quote's own: its words stay, its name is the sort key.
    expect(await copia('presupuestos', provisional)).toEqual({
      busqueda: ['juan prospecto', '12345678z', 'obra y'].join(SEP),
      cliente_busqueda: '',
      cliente_orden: 'Juan Prospecto',
    });
    expect(await copia('obras', o)).toEqual({
      busqueda: ['ob2026-00001', 'fachada', 'palma'].join(SEP),
      cliente_busqueda: 'hotel cala major',
      cliente_orden: 'hotel cala major',
    });
  });

  test('a record written with a client takes its copy; a renamed client refreshes it everywhere, a supplier nothing', async () => {
    const llevant = await cliente('alquileres', 'Construcciones Llevant', 'B07123458');
    const ponent = await cliente('alquileres', 'Reformas Ponent', null);
    const a = await alquiler('A2026-00002', llevant, 'a2026-00002');
    const q = await presupuesto(llevant, null, 'obra z');
    expect(await copia('alquileres', a)).toMatchObject({
      cliente_busqueda: `construcciones llevant${SEP}b07123458`,
      cliente_orden: 'construcciones llevant',
    });
    // A change of client takes the other one's copy.
    await query('update alquileres set cliente_id = $1 where id = $2', [ponent, a]);
    expect(await copia('alquileres', a)).toMatchObject({
      cliente_busqueda: 'reformas ponent',
      cliente_orden: 'reformas ponent',
    });
    // A quote moved to a provisional client keeps no copy and sorts by that name.
    await query(
      `update presupuestos set cliente_id = null, cliente_provisional = $1 where id = $2`,
      [JSON.stringify({ nombre: 'Ana Prospecto' }), q],
    );
    expect(await copia('presupuestos', q)).toMatchObject({
      cliente_busqueda: '',
      cliente_orden: 'Ana Prospecto',
    });
    await query('update presupuestos set cliente_id = $1 where id = $2', [ponent, q]);

    await query(
      `update partes set nombre = 'Ponent Obras', nombre_busqueda = 'ponent obras',
         busqueda = 'ponent obras' || chr(31) || 'b57123453' where id = $1`,
      [ponent],
    );
    for (const [tabla, id] of [
      ['alquileres', a],
      ['presupuestos', q],
    ] as const)
      expect(await copia(tabla, id)).toMatchObject({
        cliente_busqueda: `ponent obras${SEP}b57123453`,
        cliente_orden: 'ponent obras',
      });
    // The refresh is a client's: a supplier's rename reaches no record (and no quote is scanned).
    await query(`update partes set tipo = 'proveedor' where id = $1`, [llevant]);
    await query(`update partes set nombre_busqueda = 'otro', busqueda = 'otro' where id = $1`, [
      llevant,
    ]);
    expect(
      await query<{ n: number }>(
        `select count(*)::int as n from alquileres where cliente_busqueda like 'otro%'`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
