import { compareDecimals, multiplyDecimals, round2, subtractDecimals } from '../money/decimal.js';

// R3 extra hours and R9 lifetime hours.

/** R3: hours beyond the included ones over N days, and their charge (none without a rate). */
export const horasExtra = ({
  entrega,
  devolucion,
  horasIncluidasDia,
  dias,
  horaExtra,
}: {
  entrega: string;
  devolucion: string;
  horasIncluidasDia: number;
  dias: number;
  horaExtra: string | null;
}): { exceso: string; importe: string } => {
  const usadas = subtractDecimals(devolucion, entrega);
  const bruto = subtractDecimals(usadas, horasIncluidasDia * dias);
  const exceso = compareDecimals(bruto, 0) > 0 ? bruto : '0';
  return {
    exceso: Number(exceso).toFixed(1),
    importe: horaExtra === null ? '0.00' : round2(multiplyDecimals(exceso, horaExtra)),
  };
};

/** R1: the next code of a prefix after the highest number in use (MEX-001 … MEX-999, MEX-1000). */
export const siguienteCodigo = (prefijo: string, mayor: number): string =>
  `${prefijo}-${String(mayor + 1).padStart(3, '0')}`;
