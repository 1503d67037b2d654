import { exactDecimal, roundDecimal, toDecimal } from '../money/decimal.js';
import { groupThousands } from './entero.js';

// es-ES texts with numbers (modules/README.md, "Texts with numbers"): thousands grouped with "."
// from 4 digits ("4.800", which Intl.NumberFormat('es-ES') alone writes "4800"), decimal comma,
// euro sign after a space. Numbers are formatted here by hand from the exact decimal string
// rather than with Intl: no float on the way, the same text in Node and in every browser whatever
// its locale data, and only plain spaces (U+0020). Intl would put a no-break space (U+00A0)
// before "€", which then fails to match the texts of the design and of tests; we chose the plain
// space everywhere a number meets its unit.

/** Accepts what the API carries: decimal strings ("1845.5") and JSON numbers (4800, 21). */
export type NumeroInput = string | number;

const toExact = (value: NumeroInput): string => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    // The shortest text that round-trips is what the JSON carried (1845.5 → "1845.5").
    return exactDecimal(toDecimal(Number.isInteger(value) ? value : String(value)));
  }
  return exactDecimal(toDecimal(value));
};

/**
 * A number in es-ES: "4.800", "1.845,5", "-1.234,50". With `decimales`, rounded half away from
 * zero to exactly that many decimals; without, every decimal the value has (none for integers).
 */
export const formatNumero = (value: NumeroInput, decimales?: number): string => {
  const exact = toExact(value);
  const text = decimales === undefined ? exact : roundDecimal(exact, decimales);
  const negative = text.startsWith('-');
  const [integer = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${groupThousands(integer)}${fraction ? `,${fraction}` : ''}`;
};

/** An amount in euros, rounded to cents half away from zero: "1234.5" → "1.234,50 €". */
export const formatEuros = (value: NumeroInput): string => `${formatNumero(value, 2)} €`;

/**
 * A count with its noun, by the one plural rule of the modules: exactly 1 takes the singular,
 * any other number (0, 2, 1,5) the plural. `plural(1, 'día', 'días')` → "1 día"; 1.825 days →
 * "1.825 días".
 */
export const plural = (n: NumeroInput, singular: string, pluralForm: string): string => {
  const isOne = toExact(n) === '1';
  return `${formatNumero(n)} ${isOne ? singular : pluralForm}`;
};

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` as es-ES "DD/MM/YYYY": "2026-03-03" → "03/03/2026". */
export const formatFecha = (fecha: string): string => {
  const [, year, month, day] = CALENDAR_DATE.exec(fecha) ?? [];
  const date = new Date(`${fecha}T00:00:00Z`);
  // Date rolls 2026-02-30 over to 1 March: only a date that reads back the same is real.
  const valid = year && month && day && !Number.isNaN(date.getTime());
  if (!valid || !date.toISOString().startsWith(fecha)) {
    throw new RangeError(`Not a calendar date YYYY-MM-DD: "${fecha}"`);
  }
  return `${day}/${month}/${year}`;
};

/** The business time zone (modules/README.md, "Dates"). */
export const ZONA_HORARIA = 'Europe/Madrid';

// The formatters are built on first use: a time-zone formatter costs a browser tens of
// milliseconds (its zone data), which every page that imports this module paid at start, used
// or not (issue 13, the signed-in list's start on a phone).
let madridDay: Intl.DateTimeFormat | undefined;
const madridDayFormat = () =>
  (madridDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONA_HORARIA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/** The Madrid calendar day of an instant, `YYYY-MM-DD` (a document's "today"). */
export const diaEnMadrid = (instante: Date = new Date()): string =>
  madridDayFormat().format(instante);

let madridParts: Intl.DateTimeFormat | undefined;
const madridPartsFormat = () =>
  (madridParts ??= new Intl.DateTimeFormat('es-ES', {
    timeZone: ZONA_HORARIA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * An instant (ISO 8601 with offset, or a Date) as the Madrid wall time "DD/MM/YYYY HH:mm":
 * "2026-03-02T10:15:00+01:00" → "02/03/2026 10:15" (history rows, issue times).
 */
export const formatFechaHora = (instante: string | Date): string => {
  const date = typeof instante === 'string' ? new Date(instante) : instante;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: "${String(instante)}"`);
  const parts = madridPartsFormat().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
};
