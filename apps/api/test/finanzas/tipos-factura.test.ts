import { FACTURA_MESSAGES as M } from '@tvsistema/domain/finanzas';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  borrador,
  createFinanzasTest,
  dataOf,
  emitida,
  linea,
  type FacturaLeida,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md §2 (tipoFactura) and rule 7: an invoice is F1 or F2, in its own series; a nota de
// abono is R1–R4, or R5 exactly when it rectifies a simplified invoice, in the R series.

let t: FinanzasTest;
let hotel: string;
beforeAll(async () => {
  t = await createFinanzasTest('2026-03-02T10:15:00+01:00');
  hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
});
afterAll(async () => {
  await t?.close();
});

const errores = (r: { json: () => unknown }) => (r.json() as { errors?: string[] }).errors;
const nota = (factura: FacturaLeida, extra: Record<string, unknown> = {}) =>
  t.api.post('/api/notas', {
    empresa: 'alquileres',
    clienteId: hotel,
    facturaRectificadaId: factura._id,
    tipoRectificacion: 'I',
    motivo: 'Error en el precio',
    lineas: [linea('10', { cantidad: '-1' })],
    ...extra,
  });
const emitirNota = async (r: { json: () => unknown }) => {
  const n = dataOf<FacturaLeida & { tipoFactura: string }>(r as never);
  return t.api.post(`/api/notas/${n._id}/emitir`, { version: n.version });
};

test('an invoice cannot be a rectificativa', async () => {
  const r = await t.api.post('/api/facturas', {
    empresa: 'alquileres',
    clienteId: hotel,
    tipoFactura: 'R1',
    lineas: [linea('100')],
  });
  expect(r.statusCode).toBe(400);
  expect(errores(r)).toContain(M.tipoDeFactura);
  expect(
    ((await borrador(t, hotel, [linea('100')])) as FacturaLeida & { tipoFactura: string })
      .tipoFactura,
  ).toBe('F1');
});

test('a nota is R1 unless said, never F1; an F2 is rectified with R5 only', async () => {
  const f1 = await emitida(t, hotel, [linea('100')]);
  const sinTipo = await nota(f1);
  expect(sinTipo.statusCode, sinTipo.body).toBe(201);
  expect(dataOf<{ tipoFactura: string }>(sinTipo).tipoFactura).toBe('R1');
  const emitidaNota = await emitirNota(sinTipo);
  expect(emitidaNota.statusCode, emitidaNota.body).toBe(200);
  expect(dataOf<{ numero: string }>(emitidaNota).numero).toMatch(/^R2026-\d{5}$/);

  const comoFactura = await nota(f1, { tipoFactura: 'F1' });
  expect(comoFactura.statusCode).toBe(400);
  expect(errores(comoFactura)).toContain(M.tipoDeNota);

  const r5DeF1 = await nota(f1, { tipoFactura: 'R5' });
  expect(r5DeF1.statusCode, r5DeF1.body).toBe(201);
  const r5Refusada = await emitirNota(r5DeF1);
  expect(r5Refusada.statusCode).toBe(400);
  expect(errores(r5Refusada)).toContain(M.r5SoloSimplificada);

  const f2 = await emitida(t, hotel, [linea('50')], { tipoFactura: 'F2' });
  const deF2 = await nota(f2);
  expect(dataOf<{ tipoFactura: string }>(deF2).tipoFactura).toBe('R5');
  const r1DeF2 = await nota(f2, { tipoFactura: 'R1' });
  const r1Refusada = await emitirNota(r1DeF2);
  expect(r1Refusada.statusCode).toBe(400);
  expect(errores(r1Refusada)).toContain(M.simplificadaR5);
});

test('rule 3: the reverse charge only to a client with a Spanish NIF', async () => {
  const extranjero = await t.crearCliente('Bau Gesellschaft mbH', { documento: 'DE123456789' });
  const condiciones = await t.api.put(`/api/facturas/condiciones-cliente/${extranjero}`, {
    tipoIdentificacion: '02',
    version: 0,
  });
  expect(condiciones.statusCode, condiciones.body).toBe(200);
  const isp = [linea('1050', { naturaleza: 'servicio_obra', tratamiento: 'isp' })];
  const f = await borrador(t, extranjero, isp);
  const r = await t.api.post(`/api/facturas/${f._id}/emitir`, { version: f.version });
  expect(r.statusCode, r.body).toBe(400);
  expect(errores(r)).toEqual([M.ispSinNif]);
  // The same lines to a client with a Spanish NIF are issued.
  expect((await emitida(t, hotel, isp)).numero).toMatch(/^F2026-\d{5}$/);
});
