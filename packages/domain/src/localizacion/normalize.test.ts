import { describe, expect, it } from 'vitest';
import { normalizeName, normalizeSearchText, sanitizePostalCodeInput } from './normalize.js';

describe('normalizeSearchText', () => {
  it.each([
    ['PALMA', 'palma'],
    ['Ávila', 'avila'],
    ['  Illes   Balears ', 'illes balears'],
    ["L'ALFÀS DEL PI", "l'alfas del pi"],
    ['A CORUÑA', 'a coruna'],
    ['Araba/Álava', 'araba/alava'],
    ['Çà', 'ca'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeSearchText(text)).toBe(expected);
  });

  it('makes a typed query and a stored name meet whatever accents and case either has', () => {
    expect(normalizeSearchText('àvila')).toBe(normalizeSearchText('ÁVILA'));
    expect(normalizeSearchText('ESPAÑA')).toBe(normalizeSearchText('espana'));
  });
});

describe('normalizeName', () => {
  it('trims, collapses inner spaces and uppercases, keeping accents', () => {
    expect(normalizeName("  l'Alfàs   del Pi ")).toBe("L'ALFÀS DEL PI");
    expect(normalizeName('Ávila')).toBe('ÁVILA');
    expect(normalizeName('\tpalma\n')).toBe('PALMA');
  });
});

describe('sanitizePostalCodeInput', () => {
  it('keeps letters, digits, spaces and hyphens only (SPEC 5)', () => {
    expect(sanitizePostalCodeInput('07-001 ab')).toBe('07-001 ab');
    expect(sanitizePostalCodeInput('07.001/Ñ#')).toBe('07001');
  });
});
