import { describe, expect, test } from 'vitest';
import { BASTIDOR_AVISO_CONTROL, BASTIDOR_INVALIDO, bastidorSchema, checkVin } from './vin.js';

describe('checkVin', () => {
  test.each([
    ['1M8GDM9AXKP042788', 'flota-obras scenario 6: check digit X (remainder 10)'],
    ['11111111111111111', 'all ones: 89 mod 11 = 1'],
    ['1HGCM82633A004352', 'a North American VIN, check digit 3'],
  ])('%s has a matching check digit (%s)', (vin) => {
    expect(checkVin(vin)).toEqual({ normalizado: vin, checkDigitOk: true });
  });

  test('flota-obras scenario 6: WDB9634031L738467 is accepted with checkDigitOk false', () => {
    expect(checkVin('WDB9634031L738467')).toEqual({
      normalizado: 'WDB9634031L738467',
      checkDigitOk: false,
    });
  });

  test('trimmed, spaces removed and upper-cased', () => {
    expect(checkVin(' 1m8gdm9axkp 042788 ')).toEqual({
      normalizado: '1M8GDM9AXKP042788',
      checkDigitOk: true,
    });
  });

  test.each([
    ['WDB9634031O738467', 'flota-obras scenario 6: an O'],
    ['WDB9634031I738467', 'an I'],
    ['WDB9634031Q738467', 'a Q'],
    ['WDB9634031L73846', '16 characters'],
    ['WDB9634031L7384671', '18 characters'],
    ['WDB9634031L73846-', 'a hyphen'],
    ['WDB9634031Ñ738467', 'an Ñ'],
    ['', 'empty'],
  ])('%s is refused (%s)', (vin) => {
    expect(checkVin(vin)).toBeNull();
  });
});

describe('messages and schema', () => {
  test('the texts of flota-obras.md 4.1', () => {
    expect(BASTIDOR_INVALIDO).toBe(
      'El bastidor debe tener 17 caracteres: letras y números, sin I, O ni Q',
    );
    expect(BASTIDOR_AVISO_CONTROL).toBe(
      'El dígito de control del bastidor no coincide; en vehículos europeos es habitual, revísalo',
    );
  });

  test('the schema refuses a bad shape but not a bad check digit', () => {
    expect(bastidorSchema.parse('wdb9634031l738467')).toBe('WDB9634031L738467');
    expect(bastidorSchema.safeParse('WDB9634031O738467').error?.issues[0]?.message).toBe(
      BASTIDOR_INVALIDO,
    );
  });
});
