// §4.3: the visado of a transport authorisation falls in the month set by the last digit of the
// company's NIF, every even year (ROTT as amended by RD 70/2019): 1→enero … 7→julio,
// 8→septiembre, 9→octubre, 0→noviembre.

const MES_POR_DIGITO: Record<string, number> = {
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 9,
  '9': 10,
  '0': 11,
};

const ultimoDia = (anio: number, mes: number) =>
  new Date(Date.UTC(anio, mes, 0)).toISOString().slice(0, 10);

/**
 * The next visado date ("Sugerir"): the last day of the NIF's month in the next even year whose
 * date is not past. `sugerirVisado('B07123458', '2026-03-15')` → '2026-09-30'; on 2026-10-01 →
 * '2028-09-30'. Undefined for a NIF without digits.
 */
export const sugerirVisado = (nif: string, hoy: string): string | undefined => {
  const digito = [...nif].reverse().find((c) => /\d/.test(c));
  const mes = digito === undefined ? undefined : MES_POR_DIGITO[digito];
  if (mes === undefined) return undefined;
  let anio = Number(hoy.slice(0, 4));
  if (anio % 2 !== 0) anio += 1;
  if (ultimoDia(anio, mes) < hoy) anio += 2;
  return ultimoDia(anio, mes);
};
