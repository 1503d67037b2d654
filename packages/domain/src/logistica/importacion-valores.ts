import { normalizeSearchText } from '../localizacion/normalize.js';
import type { FormatoFechaImportacion, SeparadorDecimal } from './importacion.js';

// logistica.md R19 and §5: how the text of one imported cell becomes a value. Pure functions the
// API's validation calls per row (and the wizard may reuse for its preview); null = not valid.

const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const fechaValida = (anio: number, mes: number, dia: number): string | null => {
  if (mes < 1 || mes > 12 || dia < 1 || anio < 1900 || anio > 2999) return null;
  const d = new Date(Date.UTC(anio, mes - 1, dia));
  if (d.getUTCMonth() !== mes - 1 || d.getUTCDate() !== dia) return null;
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
};

/**
 * A date cell as `YYYY-MM-DD` per the chosen `formatoFecha` (day and month may have one digit,
 * a two-digit year is 20xx). An ISO date is accepted whatever the format: it is what Excel date
 * cells become when the file is read, and it cannot be mistaken for another date.
 */
export const parsearFechaImportacion = (
  valor: string,
  formato: FormatoFechaImportacion,
): string | null => {
  const v = valor.trim();
  const iso = FECHA_ISO.exec(v);
  if (iso) return fechaValida(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const separador = formato === 'DD/MM/AAAA' ? '/' : formato === 'DD-MM-AAAA' ? '-' : null;
  if (!separador) return null;
  const partes = v.split(separador);
  if (partes.length !== 3 || !partes.every((p) => /^\d+$/.test(p))) return null;
  const [d, m, a] = partes as [string, string, string];
  if (d.length > 2 || m.length > 2 || (a.length !== 4 && a.length !== 2)) return null;
  const anio = a.length === 2 ? 2000 + Number(a) : Number(a);
  return fechaValida(anio, Number(m), Number(d));
};

/** `HH:mm` (or `H:mm`, `HH:mm:ss`) as `HH:mm`. */
export const parsearHoraImportacion = (valor: string): string | null => {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(valor.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
};

/**
 * A decimal cell as a plain decimal string ("1234.5"). With `coma` the comma is the decimal mark
 * and `.` groups thousands ("1.234,5"); with `punto` the reverse ("1,234.5"). Spaces and a
 * trailing € or % are ignored. Thousands groups must have three digits.
 */
export const parsearDecimalImportacion = (
  valor: string,
  separador: SeparadorDecimal,
): string | null => {
  const v = valor.trim().replace(/[\s\u00a0€%]/g, '');
  if (!v) return null;
  const decimal = separador === 'coma' ? ',' : '.';
  const miles = separador === 'coma' ? '.' : ',';
  const signo = v.startsWith('-') ? '-' : '';
  const [entera, ...restoDec] = v.replace(/^[+-]/, '').split(decimal);
  if (restoDec.length > 1 || entera === undefined) return null;
  const grupos = entera.split(miles);
  if (grupos.length > 1) {
    if (!/^\d{1,3}$/.test(grupos[0] as string)) return null;
    if (!grupos.slice(1).every((g) => /^\d{3}$/.test(g))) return null;
  } else if (!/^\d+$/.test(entera)) return null;
  const fraccion = restoDec[0];
  if (fraccion !== undefined && !/^\d+$/.test(fraccion)) return null;
  const enteraLimpia = grupos.join('').replace(/^0+(?=\d)/, '');
  return `${signo}${enteraLimpia}${fraccion !== undefined ? `.${fraccion}` : ''}`;
};

/** A whole number cell (bultos, kg): the decimal reading must have no fraction. */
export const parsearEnteroImportacion = (
  valor: string,
  separador: SeparadorDecimal,
): number | null => {
  const d = parsearDecimalImportacion(valor, separador);
  if (d === null) return null;
  const n = Number(d);
  return Number.isSafeInteger(n) ? n : null;
};

const clave = (valor: string) => normalizeSearchText(valor.replace(/[^\p{L}\p{N} ]+/gu, ' '));

/** §5 rental "Tipo": entrega / recogida, also E / R and "devolución". */
export const parsearTipoAlbaranImportacion = (valor: string): 'entrega' | 'recogida' | null => {
  const v = clave(valor);
  if (['entrega', 'e', 'albaran de entrega', 'salida'].includes(v)) return 'entrega';
  if (['recogida', 'r', 'devolucion', 'albaran de recogida', 'retirada'].includes(v))
    return 'recogida';
  return null;
};

/** §5 rental "Estado del material": correcto / dañado / falta (empty = correcto). */
export const parsearEstadoMaterialImportacion = (
  valor: string,
): 'correcto' | 'danado' | 'falta' | null => {
  const v = clave(valor);
  if (v === '' || ['correcto', 'ok', 'bien', 'c'].includes(v)) return 'correcto';
  if (['danado', 'dano', 'roto', 'averiado', 'd'].includes(v)) return 'danado';
  if (['falta', 'perdido', 'no devuelto', 'f'].includes(v)) return 'falta';
  return null;
};

/** R19 transport "Estado": pendiente (also empty) or entregado. */
export const parsearEstadoTransporteImportacion = (
  valor: string,
): 'pendiente' | 'entregado' | null => {
  const v = clave(valor);
  if (v === '' || v === 'pendiente') return 'pendiente';
  if (['entregado', 'entregada', 'entrega', 'si', 'finalizado'].includes(v)) return 'entregado';
  return null;
};

/** A NIF/CIF as stored by partes: upper case, without spaces, dots or hyphens. */
export const normalizarNifImportacion = (valor: string): string =>
  valor.toUpperCase().replace(/[\s.\-/]/g, '');
