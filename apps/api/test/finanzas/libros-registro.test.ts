import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLES } from '../proveedores/partes-helpers.js';
import {
  createFinanzasTest,
  dataOf,
  emitida,
  linea,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md rule 17 and §10: the libros registro stream in batches of 500 while other requests
// run, and the whole book is one snapshot, in the book's order across the batches (API, PGlite
// and PostgreSQL). The year is filled by copying one document ~1,100 times in SQL (three batches),
// so the third batch is read only after the reader has taken the first chunk.

const COPIAS = 1100;

let t: FinanzasTest;
let hotel: string;
let proveedor: string;
let token: string;
beforeAll(async () => {
  t = await createFinanzasTest('2026-03-02T10:15:00+01:00');
  hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
  proveedor = await t.crearProveedor('Joana Rosselló Font', '41987654G');
  token = await t.tokens.forRoles([...ROLES.admin], {
    sub: 'auth0|admin',
    email: 'admin@tvsistema.test',
  });
});
afterAll(async () => {
  await t?.close();
});

/** A book whose body is read only when `resto` is called (the first batch is already read). */
const abrirLibro = async (url: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
  expect(r.statusCode).toBe(200);
  return async () => {
    const trozos: Buffer[] = [];
    for await (const trozo of r.stream() as Readable) trozos.push(trozo as Buffer);
    return Buffer.concat(trozos).toString('utf8');
  };
};

const filasDe = (csv: string) => csv.split('\r\n').filter(Boolean).slice(2);

const compra = async (numeroFacturaProveedor: string, fechaExpedicion: string) => {
  const r = await t.api.post('/api/compras', {
    empresa: 'alquileres',
    proveedorId: proveedor,
    numeroFacturaProveedor,
    fechaExpedicion,
    lineas: [{ descripcion: 'Recambios', base: '100.00', tipoIva: 21 }],
  });
  expect(r.statusCode, r.body).toBe(201);
  return dataOf<{ _id: string; numeroRegistro: string }>(r);
};

describe('libros registro: one snapshot, streamed', () => {
  test('libro de expedidas: an invoice issued and one annulled while it streams change none of its rows', async () => {
    const anulada = await emitida(t, hotel, [linea('100')]);
    const otra = await emitida(t, hotel, [linea('200')]);
    // January and February copies of one issued invoice, before the two of 2 March in the book.
    await t.database.db.execute(sql`
      insert into facturas
      select (jsonb_populate_record(f, jsonb_build_object(
        'id', gen_random_uuid(),
        'secuencial', 1000 + g,
        'numero', 'F2026-' || (1000 + g),
        'fecha_expedicion', date '2026-01-01' + (g % 59)
      ))).*
      from facturas f, generate_series(1, ${COPIAS}) g
      where f.id = ${otra._id}`);
    const url = '/api/fiscal/libro-expedidas?empresa=alquileres&ejercicio=2026&periodo=1T';
    const antes = (await t.api.get(url)).body;
    expect(filasDe(antes)).toHaveLength(COPIAS + 2);

    const resto = await abrirLibro(url);
    const nueva = await emitida(t, hotel, [linea('300')]);
    const r = await t.api.post(`/api/facturas/${anulada._id}/anular`, {
      motivo: 'Duplicada',
      version: anulada.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    const durante = await resto();

    expect(durante).toBe(antes);
    const despues = (await t.api.get(url)).body;
    expect(despues).toContain(`;${nueva.numero};`);
    expect(despues).not.toContain(`;${anulada.numero};`);
    expect(durante).toContain(`;${anulada.numero};`);
    expect(durante).not.toContain(`;${nueva.numero};`);
  });

  test('libro de recibidas: in its order (fecha de recepción, número de registro) across batches; a compra registered while it streams is not in it', async () => {
    const base = await compra('R-0001', '2026-02-27');
    // Copies received on 1T's days with their registration numbers in the reverse order of the
    // days, so neither the insertion order nor one column alone gives the book's order.
    await t.database.db.execute(sql`
      insert into compras
      select (jsonb_populate_record(c, jsonb_build_object(
        'id', gen_random_uuid(),
        'numero_registro', 'C2026-' || lpad((${COPIAS} + 10 - g)::text, 5, '0'),
        'numero_factura_proveedor', 'R-' || (1000 + g),
        'fecha_recepcion', date '2026-01-01' + (g % 60)
      ))).*
      from compras c, generate_series(1, ${COPIAS}) g
      where c.id = ${base._id}`);
    const url = '/api/fiscal/libro-recibidas?empresa=alquileres&ejercicio=2026&periodo=1T';
    const antes = (await t.api.get(url)).body;
    const claves = filasDe(antes).map((fila) => {
      const celdas = fila.split(';');
      return [celdas[12]?.split('/').reverse().join('-'), celdas[13]].join(' ');
    });
    expect(claves).toHaveLength(COPIAS + 1);
    expect(claves).toEqual([...claves].sort());

    const resto = await abrirLibro(url);
    const nueva = await compra('R-0002', '2026-03-01');
    const durante = await resto();
    expect(durante).toBe(antes);
    expect((await t.api.get(url)).body).toContain(`;${nueva.numeroRegistro};`);
  });
});
