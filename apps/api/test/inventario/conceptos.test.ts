import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInventarioTest, dataOf, type InventarioTest } from './inventario-helpers.js';
import { pdfPages } from '../helpers/pdf-text.js';

// inventario.md §2.8, §6.3, R13, R15: the price templates.

let t: InventarioTest;
beforeAll(async () => {
  t = await createInventarioTest();
});
afterAll(async () => {
  await t?.close();
});

const plantilla = (overrides: Record<string, unknown> = {}) => ({
  codigo: 'tr-palma',
  nombre: 'Transporte Palma',
  tipo: 'transporte',
  unidad: 'viaje',
  precio: '85.00',
  ...overrides,
});

describe('conceptos', () => {
  test('admin creates, reads, lists and edits a template; the history records both', async () => {
    const created = await t.api.post('/api/conceptos', plantilla());
    expect(created.statusCode, created.body).toBe(201);
    const record = dataOf<{ _id: string; version: number }>(created);
    expect(record).toMatchObject({
      codigo: 'TR-PALMA',
      precio: '85.0000',
      tipoIva: 21,
      motivoIva0: null,
      aplicaA: 'todos',
      activo: true,
      empresa: 'alquileres',
      version: 1,
      createdBy: 'admin@tvsistema.test',
    });
    expect(created.headers.etag).toBe('"1"');

    const list = await t.api.get('/api/conceptos?searchTerm=palmá&tipo=transporte');
    expect(list.json()).toMatchObject({
      data: [{ codigo: 'TR-PALMA' }],
      meta: { page: 1, limit: 20, total: 1, totalPages: 1 },
    });

    const updated = await t.api.put(`/api/conceptos/${record._id}`, {
      ...plantilla({ precio: '90' }),
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf(updated)).toMatchObject({ precio: '90.0000', version: 2 });

    const stale = await t.api.put(`/api/conceptos/${record._id}`, {
      ...plantilla({ precio: '95' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);

    const history = await t.api.get(`/api/conceptos/${record._id}/historial`);
    expect(history.json<{ data: { accion: string }[] }>().data.map((e) => e.accion)).toEqual([
      'modificar',
      'crear',
    ]);
  });

  test('R1: a second template with the same code → 409 naming codigo', async () => {
    await t.api.post('/api/conceptos', plantilla({ codigo: 'MONT-1', tipo: 'montaje' }));
    const again = await t.api.post('/api/conceptos', plantilla({ codigo: 'mont-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Ya existe una plantilla con el código MONT-1',
      errors: ['codigo: Ya existe una plantilla con el código MONT-1'],
    });
  });

  test('scenario 15: fianza with IVA 21 → 400; porcentaje 120 → 400; an unused template is deleted (204) with a history row', async () => {
    const fianza = await t.api.post(
      '/api/conceptos',
      plantilla({ codigo: 'FIANZA', tipo: 'fianza', unidad: 'unidad', tipoIva: 21 }),
    );
    expect(fianza.statusCode).toBe(400);
    expect(fianza.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['tipoIva: La fianza no está sujeta a IVA: elige 0 % (no sujeta)'],
    });
    const ok = await t.api.post(
      '/api/conceptos',
      plantilla({
        codigo: 'FIANZA',
        tipo: 'fianza',
        unidad: 'unidad',
        tipoIva: 0,
        motivoIva0: 'no_sujeta',
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);

    const porcentaje = await t.api.post(
      '/api/conceptos',
      plantilla({ codigo: 'SEG-DAN', tipo: 'seguro', unidad: 'porcentaje', precio: '120' }),
    );
    expect(porcentaje.statusCode).toBe(400);
    expect(porcentaje.json<{ errors: string[] }>().errors).toEqual([
      'precio: Un porcentaje debe ser mayor que 0 y como máximo 100',
    ]);

    const { _id } = dataOf<{ _id: string }>(ok);
    const removed = await t.api.delete(`/api/conceptos/${_id}?version=1`);
    expect(removed.statusCode).toBe(204);
    expect((await t.api.get(`/api/conceptos/${_id}`)).statusCode).toBe(404);
    // The record is gone (its history route answers 404 with it); the row stays in the table.
    const result = (await t.database.db.execute(
      sql`select accion from historial where recurso = 'concepto' and registro_id = ${_id}`,
    )) as unknown as { rows: { accion: string }[] };
    expect(result.rows.map((row) => row.accion).sort()).toEqual(['crear', 'eliminar']);
  });

  test('scenario 2: operaciones gets 403 on /api/conceptos; empleado cannot create', async () => {
    expect((await t.api.get('/api/conceptos', 'operaciones')).statusCode).toBe(403);
    expect(
      (await t.api.post('/api/conceptos', plantilla({ codigo: 'X1' }), 'empleado')).statusCode,
    ).toBe(403);
    expect((await t.api.get('/api/conceptos/not-a-uuid')).json()).toEqual({
      message: 'Plantilla no encontrada',
    });
  });

  test('CSV export and the price-list PDF', async () => {
    const csv = await t.api.get('/api/conceptos/export?sort=codigo');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="conceptos-2026-03-01.csv"',
    );
    expect(
      csv.body.startsWith('\uFEFFCódigo;Nombre;Tipo;Unidad;Precio;IVA;Aplica a;Activa\r\n'),
    ).toBe(true);
    expect(csv.body).toContain('TR-PALMA;Transporte Palma;Transporte;viaje;90,0000;21 %;Todos;Sí');

    const pdf = await t.api.get('/api/conceptos/pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Tarifa de conceptos de alquiler');
    expect(text).toContain('90,00 €/viaje');
  });
});
