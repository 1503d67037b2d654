import type { RegistroRow } from './facturas.repository.js';
import type { ObligadoEmision, RegistroAnteriorRef } from './verifactu.soap.js';

// finanzas.md rule 13: what a sender is given and answers, shared by the simulated and AEAT ones.

export type EstadoEnvio =
  | 'aceptado'
  | 'aceptado_con_errores'
  | 'rechazado'
  | 'error_conexion'
  | 'pendiente';

export type RespuestaEnvio = {
  estado: EstadoEnvio;
  csvAeat?: string | null;
  codigoError?: string | null;
  descripcionError?: string | null;
};

/** What the AEAT sender needs beyond the records: the Cabecera and the previous records. */
export type LoteEnvio = {
  obligado?: ObligadoEmision;
  anteriores?: ReadonlyMap<number, RegistroAnteriorRef>;
};

/** An envío's whole answer: one per record, in order, and the AEAT's TiempoEsperaEnvio (s). */
export type ResultadoEnvio = { respuestas: RespuestaEnvio[]; tiempoEsperaEnvio: number | null };

/** Rule 13: the pluggable sender, one answer per record in the same order. */
export type VerifactuSender = {
  enviar(registros: readonly RegistroRow[], lote?: LoteEnvio): Promise<RespuestaEnvio[]>;
  /** The same envío with the AEAT's pace, for the worker (the AEAT sender has it). */
  enviarLote?(registros: readonly RegistroRow[], lote?: LoteEnvio): Promise<ResultadoEnvio>;
};
