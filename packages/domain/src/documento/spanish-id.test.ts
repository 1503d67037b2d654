import { describe, expect, test } from 'vitest';
import { checkSpanishDocument, DOCUMENTO_WARNING, documentoWarning } from './spanish-id.js';

describe('checkSpanishDocument', () => {
  test.each([
    ['12345678Z', 'DNI'],
    ['00000000T', 'DNI with leading zeros'],
    ['12.345.678-z', 'DNI with separators and lower case'],
    ['X1234567L', 'NIE X'],
    ['Y1234567X', 'NIE Y'],
    ['Z1234567R', 'NIE Z'],
    ['K1234567L', 'NIF K'],
    ['B12345674', 'CIF of a limited company (digit only)'],
    ['A58818501', 'CIF of a public company'],
    ['P1234567D', 'CIF of a public body (letter only)'],
    ['G12345674', 'CIF that accepts a digit'],
    ['G1234567D', 'CIF that accepts the letter too'],
  ])('%s (%s) is valid', (documento) => {
    expect(checkSpanishDocument(documento)).toBe('valid');
  });

  test.each([
    ['12345678A', 'DNI with a wrong letter'],
    ['X1234567A', 'NIE with a wrong letter'],
    ['B12345675', 'CIF with a wrong digit'],
    ['B1234567D', 'CIF of a type that needs a digit, given the letter'],
    ['P12345674', 'CIF of a type that needs a letter, given the digit'],
  ])('%s (%s) is invalid', (documento) => {
    expect(checkSpanishDocument(documento)).toBe('invalid');
  });

  test.each(['FR12345678901', 'DE123456789', 'ABC-12345', '1234567', 'I1234567A'])(
    '%s has no Spanish shape and stays acceptable',
    (documento) => {
      expect(checkSpanishDocument(documento)).toBe('not-spanish');
    },
  );
});

describe('documentoWarning', () => {
  test('warns only for a Spanish-shaped document with a wrong control character', () => {
    expect(documentoWarning('12345678A')).toBe(DOCUMENTO_WARNING);
    expect(DOCUMENTO_WARNING).toBe('El documento no parece un NIF/NIE/CIF válido');
    expect(documentoWarning('12345678Z')).toBeUndefined();
    expect(documentoWarning('FR12345678901')).toBeUndefined();
    expect(documentoWarning('')).toBeUndefined();
    expect(documentoWarning(null)).toBeUndefined();
    expect(documentoWarning(undefined)).toBeUndefined();
  });
});
