import { z } from '../zod-es.js';

// finanzas.md §5 "VERI*FACTU" tab of an invoice or nota, served by `GET /api/facturas/{id}/verifactu`
// (and /api/notas): each record of the document with its last envío, and the QR it prints.

export const ESTADOS_ENVIO_VERIFACTU = [
  'pendiente',
  'aceptado',
  'aceptado_con_errores',
  'rechazado',
  'error_conexion',
] as const;

export const registroFacturaSchema = z.object({
  orden: z.number().int(),
  tipo: z.enum(['alta', 'anulacion']),
  subsanacion: z.boolean(),
  /** As hashed: `2026-03-02T10:15:00+01:00`. */
  fechaHoraHusoGenRegistro: z.string(),
  huella: z.string(),
  huellaAnterior: z.string().nullable(),
  /** The exact string whose SHA-256 is the huella (rule 11). */
  cadena: z.string(),
  /** The last envío's state; `pendiente` before the first. */
  estado: z.enum(ESTADOS_ENVIO_VERIFACTU),
  csvAeat: z.string().nullable(),
  codigoError: z.string().nullable(),
  descripcionError: z.string().nullable(),
});
export type RegistroFactura = z.output<typeof registroFacturaSchema>;

export const verifactuFacturaSchema = z.object({
  registros: z.array(registroFacturaSchema),
  /** Rule 14's QR of an issued document (its URL and an SVG image); null for a draft. */
  qr: z.object({ url: z.string(), svg: z.string() }).nullable(),
});
export type VerifactuFactura = z.output<typeof verifactuFacturaSchema>;
