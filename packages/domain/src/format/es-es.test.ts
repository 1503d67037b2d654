import { describe, expect, test } from 'vitest';
import { formatEuros, formatFecha, formatFechaHora, formatNumero, plural } from './es-es.js';

describe('formatEuros', () => {
  test.each([
    ['1234.5', '1.234,50 €'],
    ['1234.50', '1.234,50 €'],
    ['121.61', '121,61 €'],
    ['1058.75', '1.058,75 €'],
    ['999.995', '1.000,00 €'],
    ['0', '0,00 €'],
    ['-0.025', '-0,03 €'],
    ['-0.001', '0,00 €'],
    ['1234567890.12', '1.234.567.890,12 €'],
    [665, '665,00 €'],
  ])('%j → "%s"', (value, text) => {
    expect(formatEuros(value)).toBe(text);
  });

  test('the space before € is a plain space (U+0020), never a no-break one', () => {
    const text = formatEuros('1234.5');
    expect(text.at(-2)).toBe(' ');
    expect(text).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('formatNumero', () => {
  test.each([
    [4800, undefined, '4.800'],
    ['1845.5', undefined, '1.845,5'],
    ['1680.0', undefined, '1.680'],
    ['18.500', undefined, '18,5'],
    [1845.5, undefined, '1.845,5'],
    [999, undefined, '999'],
    [1000, undefined, '1.000'],
    ['1234567', undefined, '1.234.567'],
    ['1845.55', 1, '1.845,6'],
    ['1680', 1, '1.680,0'],
    ['7.5', 2, '7,50'],
    [-4800, undefined, '-4.800'],
    ['0.05', undefined, '0,05'],
  ])('%j with %j decimals → "%s"', (value, decimales, text) => {
    expect(formatNumero(value, decimales)).toBe(text);
  });

  test('grouping starts at 4 digits, where Intl es-ES alone would write "4800"', () => {
    expect(new Intl.NumberFormat('es-ES').format(4800)).toBe('4800');
    expect(formatNumero(4800)).toBe('4.800');
  });

  test('not a number is a programming error', () => {
    expect(() => formatNumero(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumero('1,5')).toThrow(RangeError);
  });
});

describe('plural: exactly 1 takes the singular', () => {
  test.each([
    [1, '1 día'],
    ['1', '1 día'],
    ['1.00', '1 día'],
    [0, '0 días'],
    [2, '2 días'],
    ['1.5', '1,5 días'],
    [1825, '1.825 días'],
    [-1, '-1 días'],
  ])('%j → "%s"', (n, text) => {
    expect(plural(n, 'día', 'días')).toBe(text);
  });

  test('other nouns', () => {
    expect(plural(1, 'ud.', 'uds.')).toBe('1 ud.');
    expect(plural(5, 'ud.', 'uds.')).toBe('5 uds.');
    expect(plural(1, 'mes', 'meses')).toBe('1 mes');
  });
});

describe('formatFecha', () => {
  test.each([
    ['2026-03-03', '03/03/2026'],
    ['2026-12-31', '31/12/2026'],
    ['2028-02-29', '29/02/2028'],
  ])('%s → %s', (fecha, text) => {
    expect(formatFecha(fecha)).toBe(text);
  });

  test.each(['2026-3-3', '03/03/2026', '2026-02-30', '2026-13-01', '2026-03-03T10:00:00Z', ''])(
    '"%s" is not a calendar date',
    (fecha) => {
      expect(() => formatFecha(fecha)).toThrow(RangeError);
    },
  );
});

describe('formatFechaHora: Madrid wall time', () => {
  test.each([
    ['2026-03-02T10:15:00+01:00', '02/03/2026 10:15'],
    ['2026-03-02T09:15:00Z', '02/03/2026 10:15'],
    ['2026-07-01T22:30:00Z', '02/07/2026 00:30'],
    ['2026-12-31T23:00:00Z', '01/01/2027 00:00'],
  ])('%s → %s', (instante, text) => {
    expect(formatFechaHora(instante)).toBe(text);
    expect(formatFechaHora(new Date(instante))).toBe(text);
  });

  test('an invalid instant is a programming error', () => {
    expect(() => formatFechaHora('ayer')).toThrow(RangeError);
  });
});
