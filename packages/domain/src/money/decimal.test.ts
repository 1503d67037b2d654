import { describe, expect, test } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  exactDecimal,
  multiplyDecimals,
  round2,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
  toDecimal,
} from './decimal.js';

describe('round2: half away from zero to cents', () => {
  test.each([
    ['615.125', '615.13'],
    ['0.125', '0.13'],
    ['0.124999', '0.12'],
    ['-0.025', '-0.03'],
    ['-0.024', '-0.02'],
    ['-0.001', '0.00'],
    ['1234.5', '1234.50'],
    ['7', '7.00'],
    ['999999999999.995', '1000000000000.00'],
  ])('%s → %s', (value, rounded) => {
    expect(round2(value)).toBe(rounded);
  });

  test('a binary float would round 1.005 down; the decimal string rounds it up', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(round2('1.005')).toBe('1.01');
  });

  test('integers are accepted, floats are refused', () => {
    expect(round2(21)).toBe('21.00');
    expect(() => round2(0.1)).toThrow(RangeError);
    expect(() => round2(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  test.each(['', '1,5', '1e3', ' 1', '.5', '1.', 'abc'])('"%s" is not a decimal string', (bad) => {
    expect(() => toDecimal(bad)).toThrow(RangeError);
  });

  test('other decimal places', () => {
    expect(roundDecimal('1845.55', 1)).toBe('1845.6');
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
  });
});

describe('exact arithmetic on strings', () => {
  test('0.1 + 0.2 is 0.30, not 0.30000000000000004', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.30');
    expect(sumDecimals(['0.1', '0.2', '0.3'])).toBe('0.60');
    expect(sumDecimals([])).toBe('0.00');
  });

  test('subtract, multiply and compare', () => {
    expect(subtractDecimals('1058.75', '1058.75')).toBe('0.00');
    expect(subtractDecimals('100', '100.01')).toBe('-0.01');
    expect(multiplyDecimals('3', '33.3333')).toBe('99.9999');
    expect(compareDecimals('1000.00', 1000)).toBe(0);
    expect(compareDecimals('999.99', '1000')).toBe(-1);
    expect(compareDecimals('-0.01', '-0.02')).toBe(1);
  });

  test('exactDecimal keeps every significant decimal and at least the minimum', () => {
    expect(exactDecimal('1.9500', 2)).toBe('1.95');
    expect(exactDecimal('0.125', 2)).toBe('0.125');
    expect(exactDecimal(665, 2)).toBe('665.00');
    expect(exactDecimal('12.000')).toBe('12');
    expect(exactDecimal('-0.000')).toBe('0');
    expect(exactDecimal('123456789012345678901234567890.5')).toBe(
      '123456789012345678901234567890.5',
    );
  });
});
