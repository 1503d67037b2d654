import { deflateSync } from 'node:zlib';
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

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (tipo: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(tipo, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

/** A white 600 × 200 grey-scale PNG with a black stroke, as the signature pad draws it. */
export const firmaPng = (ancho = 600, alto = 200) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  const filas: Buffer[] = [];
  for (let y = 0; y < alto; y += 1) {
    const fila = Buffer.alloc(ancho + 1, 255);
    fila[0] = 0;
    for (let x = 100; x < 500; x += 1)
      if (Math.abs(y - 100 - Math.round(40 * Math.sin(x / 30))) < 2) fila[x + 1] = 0;
    filas.push(fila);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(filas))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
};

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
