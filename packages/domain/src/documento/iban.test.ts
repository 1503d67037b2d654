import { describe, expect, test } from 'vitest';
import { checkIban, IBAN_INVALIDO, ibanInvalido, ibanSchema } from './iban.js';

describe('checkIban', () => {
  test('the issue’s vector: ES9121000418450200051332 is valid', () => {
    expect(checkIban('ES9121000418450200051332')).toEqual({
      normalizado: 'ES9121000418450200051332',
      texto: 'ES91 2100 0418 4502 0005 1332',
    });
  });

  test('spaces removed and upper-cased', () => {
    expect(checkIban(' es91 2100 0418 4502 0005 1332 ')).toEqual({
      normalizado: 'ES9121000418450200051332',
      texto: 'ES91 2100 0418 4502 0005 1332',
    });
  });

  test.each([
    ['ES6000491500051234567892', 'ES60 0049 1500 0512 3456 7892'],
    ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['GB82WEST12345698765432', 'GB82 WEST 1234 5698 7654 32'],
    ['FR1420041010050500013M02606', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00'],
    ['NO9386011117947', 'NO93 8601 1117 947'],
    ['PT50000201231234567890154', 'PT50 0002 0123 1234 5678 9015 4'],
  ])('%s is valid, shown "%s"', (iban, texto) => {
    expect(checkIban(iban)).toEqual({ normalizado: iban, texto });
  });

  test.each([
    ['ES9121000418450200051333', 'a wrong digit: mod 97 fails'],
    ['ES9221000418450200051332', 'wrong IBAN check digits'],
    ['ES2921000418460200051332', 'mod 97 right but the CCC control digits wrong'],
    ['ES982100041845020005133', 'mod 97 right but 23 characters'],
    ['ES91210004184502000513AB', 'letters in a Spanish account'],
    ['DE89370400440532013001', 'a foreign IBAN failing mod 97'],
    ['DE8937040044053201300', 'too short for its check digits'],
    ['GB82-WEST-1234-5698-7654-32', 'hyphens are not spaces'],
    ['1234', 'too short'],
    ['', 'empty'],
    ['ESXX21000418450200051332', 'letters as check digits'],
  ])('%s is invalid (%s)', (iban) => {
    expect(checkIban(iban)).toBeNull();
  });
});

describe('messages and schema', () => {
  test('the 400 entry is "{campo}: IBAN inválido"', () => {
    expect(ibanInvalido('ibanCliente')).toBe('ibanCliente: IBAN inválido');
    expect(IBAN_INVALIDO).toBe('IBAN inválido');
  });

  test('the schema stores the normalised IBAN and puts the message on the field', () => {
    expect(ibanSchema.parse('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
    const result = ibanSchema.safeParse('ES9121000418450200051333');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['IBAN inválido']);
    expect(ibanSchema.safeParse(42).error?.issues[0]?.message).toBe('IBAN inválido');
  });
});
