import { describe, expect, test } from 'vitest';
import { desgloseIva, lineBase, totales, type TipoIva } from './importes.js';

describe('lineBase: round2(cantidad × precio × (1 − dto/100)), no intermediate rounding', () => {
  test('comercial scenario 2: 665,00 with 7,5 % dto. is 615,125 → 615,13', () => {
    expect(lineBase({ cantidad: '1', precio: '665.00', descuentoPct: '7.5' })).toBe('615.13');
  });

  test('comercial scenario 2: 200 MAR-200-073 × 1,20 (one month) → 240,00', () => {
    expect(lineBase({ cantidad: 200, precio: '1.20' })).toBe('240.00');
  });

  test('finanzas scenario 1: 3 × 33,3333 → 100,00 and 2 × 1,25 → 2,50', () => {
    expect(lineBase({ cantidad: '3', precio: '33.3333' })).toBe('100.00');
    expect(lineBase({ cantidad: '2', precio: '1.25' })).toBe('2.50');
  });

  test('the discount applies to the exact product, rounded once', () => {
    // 10,005 × 50 % = 5,0025 → 5,00; rounding the product first (10,01) would give 5,01.
    expect(lineBase({ cantidad: '1', precio: '10.005', descuentoPct: '50' })).toBe('5.00');
    expect(lineBase({ cantidad: '3', precio: '0.3333', descuentoPct: '10' })).toBe('0.90');
    expect(lineBase({ cantidad: '1', precio: '0.005' })).toBe('0.01');
    expect(lineBase({ cantidad: '1', precio: '100', descuentoPct: '100' })).toBe('0.00');
  });

  test('negative lines (notas de abono) round half away from zero', () => {
    expect(lineBase({ cantidad: '-1', precio: '0.025' })).toBe('-0.03');
  });
});

describe('desgloseIva: the cuota is rounded once per rate, on the sum of its bases', () => {
  test('finanzas scenario 1: 2,50 at 21 % → cuota 0,53 (not 0,52)', () => {
    expect(desgloseIva([{ base: '2.50', tipoIva: 21 }])).toEqual([
      { tipoIva: 21, base: '2.50', cuota: '0.53' },
    ]);
  });

  test('per line rounding would differ: 3 × 0,10 at 21 % is 0,06, not 3 × 0,02', () => {
    const lineas = Array.from({ length: 3 }, () => ({ base: '0.10', tipoIva: 21 as const }));
    expect(desgloseIva(lineas)).toEqual([{ tipoIva: 21, base: '0.30', cuota: '0.06' }]);
  });

  test('one entry per rate present, in the order 21, 10, 4, 0', () => {
    const lineas: { base: string; tipoIva: TipoIva }[] = [
      { base: '10.00', tipoIva: 0 },
      { base: '33.35', tipoIva: 4 },
      { base: '100.00', tipoIva: 21 },
      { base: '12.35', tipoIva: 10 },
      { base: '50.05', tipoIva: 21 },
    ];
    expect(desgloseIva(lineas)).toEqual([
      { tipoIva: 21, base: '150.05', cuota: '31.51' },
      { tipoIva: 10, base: '12.35', cuota: '1.24' },
      { tipoIva: 4, base: '33.35', cuota: '1.33' },
      { tipoIva: 0, base: '10.00', cuota: '0.00' },
    ]);
  });

  test('no lines, no breakdown; an unknown rate is a programming error', () => {
    expect(desgloseIva([])).toEqual([]);
    expect(() => desgloseIva([{ base: '1', tipoIva: 16 as TipoIva }])).toThrow(RangeError);
  });
});

describe('totales', () => {
  test('comercial scenario 1: 665,00 at 21 % → IVA 139,65, total 804,65', () => {
    expect(totales([{ base: '665.00', tipoIva: 21 }])).toEqual({
      desglose: [{ tipoIva: 21, base: '665.00', cuota: '139.65' }],
      base: '665.00',
      iva: '139.65',
      total: '804.65',
      retencion: '0.00',
      totalAPagar: '804.65',
    });
  });

  test('comercial scenario 2: 615,13 + 85,00 + 85,00 → 785,13, IVA 164,88, total 950,01', () => {
    const lineas = [
      { base: lineBase({ cantidad: '1', precio: '665', descuentoPct: '7.5' }), tipoIva: 21 },
      { base: lineBase({ cantidad: '1', precio: '85.00' }), tipoIva: 21 },
      { base: lineBase({ cantidad: '1', precio: '85.00' }), tipoIva: 21 },
    ] as const;
    expect(totales(lineas)).toMatchObject({ base: '785.13', iva: '164.88', total: '950.01' });
  });

  test('finanzas scenario 1: 2 × 1,25 at 21 % → base 2,50, cuota 0,53, total 3,03', () => {
    const base = lineBase({ cantidad: '2', precio: '1.25' });
    expect(totales([{ base, tipoIva: 21 }])).toMatchObject({
      base: '2.50',
      iva: '0.53',
      total: '3.03',
    });
  });

  test('finanzas scenario 2: 690,00 + 85,00 + 3 × 33,3333 → 875,00, 183,75, 1.058,75', () => {
    const lineas = [
      { base: lineBase({ cantidad: '1', precio: '690.00' }), tipoIva: 21 },
      { base: lineBase({ cantidad: '1', precio: '85.00' }), tipoIva: 21 },
      { base: lineBase({ cantidad: '3', precio: '33.3333' }), tipoIva: 21 },
    ] as const;
    expect(totales(lineas)).toMatchObject({ base: '875.00', iva: '183.75', total: '1058.75' });
  });

  test('finanzas scenario 17: base 300,00 at 21 % with 15 % retention → 363,00, a pagar 318,00', () => {
    expect(totales([{ base: '300.00', tipoIva: 21 }], { retencionPct: '15' })).toEqual({
      desglose: [{ tipoIva: 21, base: '300.00', cuota: '63.00' }],
      base: '300.00',
      iva: '63.00',
      total: '363.00',
      retencion: '45.00',
      totalAPagar: '318.00',
    });
  });

  test('mixed rates: total = Σ bases + Σ rounded cuotas', () => {
    expect(
      totales(
        [
          { base: '0.05', tipoIva: 21 },
          { base: '0.05', tipoIva: 10 },
          { base: '0.05', tipoIva: 4 },
        ],
        { retencionPct: 7 },
      ),
    ).toMatchObject({ base: '0.15', iva: '0.02', total: '0.17', retencion: '0.01' });
  });

  test('an empty document totals zero', () => {
    expect(totales([])).toEqual({
      desglose: [],
      base: '0.00',
      iva: '0.00',
      total: '0.00',
      retencion: '0.00',
      totalAPagar: '0.00',
    });
  });
});
