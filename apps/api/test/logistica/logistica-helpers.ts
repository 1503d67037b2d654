import { firmaDibujada } from '../../src/modules/logistica/firma-dibujada.js';
import {
  alquilerBody,
  createComercialTest,
  dataOf,
  type ComercialTest,
} from '../comercial/comercial-helpers.js';

// Logística's API tests: comercial's test app (inventario, clients, locations) plus a signature
// image and the rental of logistica.md §9 (setup 1–6).

export { dataOf };
export type LogisticaTest = ComercialTest;
export const createLogisticaTest = (hoy = '2026-03-01') =>
  createComercialTest(hoy, { LOG_LEVEL: process.env['DEBUG_LOG'] ?? 'silent' });

/** A white 600 × 200 grey-scale PNG with a black stroke, as the signature pad draws it. */
export const firmaPng = (ancho = 600, alto = 200) => firmaDibujada({ ancho, alto });

/** An alquiler of `lineas` from 2026-03-02 (created with "hoy" at 2026-03-01). */
export const crearAlquiler = async (
  t: LogisticaTest,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
) => {
  const r = await t.api.post('/api/alquileres', alquilerBody(t, lineas, extra));
  if (r.statusCode !== 201) throw new Error(`crear alquiler: ${r.body}`);
  return dataOf<{ _id: string; numero: string; version: number }>(r);
};

export const lineaAndamio = (
  componenteId: string,
  cantidad: number,
  fechaInicio = '2026-03-02',
  fechaFin = '2026-05-31',
) => ({
  clase: 'andamio',
  componenteId,
  cantidad: String(cantidad),
  fechaInicio,
  fechaFin,
});
