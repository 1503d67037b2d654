import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { pdfPages } from '../helpers/pdf-text.js';
import { apiFor, fullDireccion, seedLocations } from '../proveedores/partes-helpers.js';
import type { Api, LocationTree } from '../proveedores/partes-helpers.js';

// Issue 11: the empresas' legal data (GET/PUT /api/facturas/emisores/{empresa}, administracion
// only) and the first PDF, the supplier's "Ficha de proveedor", on that letterhead.

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

let t: TestApp;
let api: Api;
let tree: LocationTree;
beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  tree = await seedLocations(t);
});
afterAll(async () => {
  await t?.close();
});

const emisor = () => ({
  razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
  nif: 'B07654320',
  direccion: { ...fullDireccion(tree), planta: null, local: null, observacion: null },
  telefono: '971 000 000',
  email: 'facturas@amm.test',
  iban: 'ES60 0081 0573 8800 0123 4567',
  registroMercantil: 'Registro Mercantil de Mallorca, tomo 1234, folio 56, hoja PM-7890',
  epigrafeIae: '852',
});

describe('emisores', () => {
  test('an empresa with nothing stored answers its defaults at version 0; the first PUT creates it', async () => {
    const before = await api.get('/api/facturas/emisores/transporte');
    expect(before.statusCode).toBe(200);
    expect(before.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      empresa: 'transporte',
      razonSocial: 'Transportes',
      descripcionOperacion: 'Transporte de mercancías por carretera',
      diasVencimiento: 30,
      version: 0,
    });
    const saved = await api.put('/api/facturas/emisores/transporte', { ...emisor(), version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
      iban: 'ES6000810573880001234567',
      version: 1,
    });
    const stale = await api.put('/api/facturas/emisores/transporte', { ...emisor(), version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
  });

  test('refuses an invalid NIF and IBAN with Spanish messages naming the fields', async () => {
    const response = await api.put('/api/facturas/emisores/verticales', {
      ...emisor(),
      nif: 'B07654321',
      iban: 'ES00 1234',
      version: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toEqual(
      expect.arrayContaining([
        'nif: El NIF no es válido (revisa el carácter de control)',
        'iban: IBAN inválido',
      ]),
    );
  });

  test('only administracion reads or writes them (facturacion.fiscal)', async () => {
    expect((await api.get('/api/facturas/emisores/alquileres', 'empleado')).statusCode).toBe(403);
    expect(
      (
        await api.put(
          '/api/facturas/emisores/alquileres',
          { ...emisor(), version: 0 },
          'alquileres',
        )
      ).statusCode,
    ).toBe(403);
    expect((await api.get('/api/facturas/emisores/otra')).statusCode).toBe(404);
  });
});

describe('Ficha de proveedor (PDF)', () => {
  test('is a PDF on the empresa’s letterhead with the supplier’s name, NIF and contacts', async () => {
    await api.put('/api/facturas/emisores/alquileres', { ...emisor(), version: 0 });
    const created = await api.post('/api/proveedores', {
      nombre: 'Ñandú Suministros Ibéricos, S.L.',
      documento: 'B07451230',
      empresa: 'alquileres',
      direccion: fullDireccion(tree),
      contactos: [{ nombre: 'Íñigo Peña', telefono: '612345678', correo: 'inigo@ejemplo.es' }],
      observaciones: ['Entrega por la mañana'],
    });
    const id = created.json<{ data: { _id: string } }>().data._id;

    const response = await api.get(`/api/proveedores/${id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ficha-proveedor-B07451230.pdf"',
    );
    const [page, ...more] = await pdfPages(response.rawPayload);
    expect(more).toEqual([]);
    for (const text of [
      'Alquiler de Maquinaria Mallorca, S.L.',
      'NIF B07654320',
      'Ficha de proveedor',
      'Ñandú Suministros Ibéricos, S.L.',
      'B07451230',
      'Íñigo Peña',
      'inigo@ejemplo.es',
      'Entrega por la mañana',
      'Registro Mercantil de Mallorca',
      'Página 1 de 1',
    ]) {
      expect(page, text).toContain(text);
    }
    expect(page).toMatch(/Generado el \d{2}\/\d{2}\/\d{4}/);
  });

  test('is 404 for a supplier of an empresa the caller cannot read', async () => {
    const created = await api.post('/api/proveedores', {
      nombre: 'Proveedor Ajeno',
      empresa: 'alquileres',
    });
    const id = created.json<{ data: { _id: string } }>().data._id;
    expect((await api.get(`/api/proveedores/${id}/pdf`, 'transportes')).statusCode).toBe(404);
  });
});
