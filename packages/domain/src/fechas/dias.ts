// Calendar days as the modules exchange them: `YYYY-MM-DD` strings in Europe/Madrid
// (modules/README.md "Dates"). The arithmetic works on the calendar, never on instants, so a
// daylight-saving change cannot move a day. No zod here: list screens compute days on their first
// render, and a module with a schema would bring zod's core with it (decision 0046); fechas.ts
// adds the schema and re-exports these.

export const FECHA_MESSAGES = {
  invalida: 'Fecha no válida: usa el formato AAAA-MM-DD',
} as const;

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a calendar day (a pure calendar value: no zone enters). */
const aUtc = (fecha: string): Date => new Date(`${fecha}T00:00:00Z`);
const deUtc = (instante: Date): string => instante.toISOString().slice(0, 10);

/** True for an existing calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export const esFechaValida = (value: string): boolean => {
  const match = FECHA.exec(value);
  if (!match) return false;
  const instante = aUtc(value);
  return !Number.isNaN(instante.getTime()) && deUtc(instante) === value;
};

/** `fecha` moved by `dias` (negative: back). */
export const sumarDias = (fecha: string, dias: number): string => {
  const instante = aUtc(fecha);
  instante.setUTCDate(instante.getUTCDate() + dias);
  return deUtc(instante);
};

/** Whole days from `desde` to `hasta` (negative when hasta is earlier). */
export const diasEntre = (desde: string, hasta: string): number =>
  Math.round((aUtc(hasta).getTime() - aUtc(desde).getTime()) / 86_400_000);

/** Days of the inclusive range [desde, hasta]: 10/03–20/03 is 11 days. */
export const diasInclusivos = (desde: string, hasta: string): number => diasEntre(desde, hasta) + 1;

/**
 * `fecha` plus whole months, the day clamped to the month's end (31/01 + 1 → 28/02 or 29/02),
 * as a service plan counts its months (inventario.md R10).
 */
export const sumarMeses = (fecha: string, meses: number): string => {
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const total = anio * 12 + (mes - 1) + meses;
  const anioNuevo = Math.floor(total / 12);
  const mesNuevo = total - anioNuevo * 12;
  const ultimoDia = new Date(Date.UTC(anioNuevo, mesNuevo + 1, 0)).getUTCDate();
  return deUtc(new Date(Date.UTC(anioNuevo, mesNuevo, Math.min(dia, ultimoDia))));
};

/** The later / earlier of two days (ISO strings compare as dates). */
export const maxFecha = (a: string, b: string): string => (a >= b ? a : b);
export const minFecha = (a: string, b: string): string => (a <= b ? a : b);
