import { describe, expect, test } from 'vitest';
import { checkSpanishPlate, MATRICULA_INVALIDA, matriculaSchema } from './matricula.js';

describe('checkSpanishPlate', () => {
  test.each([
    ['4417 KTM', '4417KTM', '4417 KTM', 'ordinaria'],
    ['4417KTM', '4417KTM', '4417 KTM', 'ordinaria'],
    [' 4417-ktm ', '4417KTM', '4417 KTM', 'ordinaria'],
    ['0000 BBB', '0000BBB', '0000 BBB', 'ordinaria'],
    ['9999 ZZZ', '9999ZZZ', '9999 ZZZ', 'ordinaria'],
    ['R 7731 BCF', 'R7731BCF', 'R 7731 BCF', 'remolque'],
    ['r-7731-bcf', 'R7731BCF', 'R 7731 BCF', 'remolque'],
    ['E 1234 BCD', 'E1234BCD', 'E 1234 BCD', 'especial'],
    ['PM 4821 BZ', 'PM4821BZ', 'PM 4821 BZ', 'provincial'],
    ['pm-4821-bz', 'PM4821BZ', 'PM 4821 BZ', 'provincial'],
    ['M 1234 A', 'M1234A', 'M 1234 A', 'provincial'],
    ['B-9876-XY', 'B9876XY', 'B 9876 XY', 'provincial'],
    ['GC 1234 AU', 'GC1234AU', 'GC 1234 AU', 'provincial'],
    ['ZA 0001 AA', 'ZA0001AA', 'ZA 0001 AA', 'provincial'],
  ])('"%s" → %s, "%s", %s', (valor, normalizada, texto, formato) => {
    expect(checkSpanishPlate(valor)).toEqual({ normalizada, texto, formato });
  });

  test.each([
    ['4417 KAM', 'a vowel'],
    ['4417 KQM', 'Q'],
    ['4417 KÑM', 'Ñ'],
    ['441 KTM', 'three digits'],
    ['44170 KTM', 'five digits'],
    ['4417 KT', 'two letters in a current plate'],
    ['4417 KTMB', 'four letters'],
    ['X 4417 KTM', 'a prefix other than R or E'],
    ['R 4417 KAM', 'a trailer plate with a vowel'],
    ['XX 1234 AB', 'no such province'],
    ['PM 4821 BZA', 'three letters in a provincial plate'],
    ['PM 482 BZ', 'three digits in a provincial plate'],
    ['PM 4821', 'a provincial plate without letters'],
    ['4417_KTM', 'another separator'],
    ['', 'empty'],
  ])('"%s" is refused (%s)', (valor) => {
    expect(checkSpanishPlate(valor)).toBeNull();
  });
});

describe('message and schema', () => {
  test('the 400 text of modules/README.md', () => {
    expect(MATRICULA_INVALIDA).toBe(
      'La matrícula no tiene un formato válido (1234 BCD, R 1234 BCD, E 1234 BCD o PM 1234 AB)',
    );
  });

  test('the schema stores the normalised plate and puts the message on the field', () => {
    expect(matriculaSchema.parse('4417 ktm')).toBe('4417KTM');
    expect(matriculaSchema.safeParse('4417 KAM').error?.issues[0]?.message).toBe(
      MATRICULA_INVALIDA,
    );
  });
});
