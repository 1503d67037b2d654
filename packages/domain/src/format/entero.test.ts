import { describe, expect, test } from 'vitest';
import { formatEntero } from './entero.js';
import { formatNumero } from './es-es.js';

describe('formatEntero: formatNumero of a whole number, without the decimal library', () => {
  test.each([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [4800, '4.800'],
    [9997, '9.997'],
    [100_000, '100.000'],
    [1_234_567, '1.234.567'],
    [-4800, '-4.800'],
    [Number.MAX_SAFE_INTEGER, '9.007.199.254.740.991'],
    [Number.MIN_SAFE_INTEGER, '-9.007.199.254.740.991'],
  ])('%j → "%s", as formatNumero writes it', (value, text) => {
    expect(formatEntero(value)).toBe(text);
    expect(formatNumero(value)).toBe(text);
  });

  test('every whole number from -20,000 to 20,000 reads as with formatNumero', () => {
    for (let value = -20_000; value <= 20_000; value += 7) {
      expect(formatEntero(value)).toBe(formatNumero(value));
    }
  });

  test('what is not a safe integer is a programming error (a fraction: formatNumero)', () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => formatEntero(value)).toThrow(RangeError);
    }
  });
});
