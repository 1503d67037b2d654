import { describe, expect, test } from 'vitest';
import { lineBase, totales } from '../money/importes.js';
import {
  IMPORTE_ALQUILER_MESSAGES,
  importeAlquiler,
  tarifaIncompleta,
  TarifaIncompletaError,
  type ImporteAlquilerInput,
} from './importe-alquiler.js';

// Inventario's tariffs of comercial.md §9.
const MEX_001 = { precioDia: '95.00', precioSemana: '380.00', precioMes: '1100.00' } as const;
const MAR_200_073 = { precioDia: '0.05', precioSemana: null, precioMes: '1.20' } as const;

const precio = (dias: number, tarifa: Omit<ImporteAlquilerInput, 'dias'> = MEX_001) =>
  importeAlquiler({ dias, ...tarifa });

describe('R3 tarifa óptima, comercial.md worked examples (MEX-001 95 / 380 / 1.100)', () => {
  test.each([
    [10, '665.00', '1 semana + 3 días', { meses: 0, semanas: 1, dias: 3 }],
    [6, '380.00', '1 semana', { meses: 0, semanas: 1, dias: 0 }],
    [45, '1955.00', '1 mes + 2 semanas + 1 día', { meses: 1, semanas: 2, dias: 1 }],
  ])('R3: %i días → %s "%s"', (dias, importe, desglose, mix) => {
    expect(precio(dias)).toEqual({ importe, desglose, diasFacturables: dias, ...mix });
  });
});

describe('comercial §9 scenario 1: MEX-001, 03/03–12/03/2026', () => {
  test('scenario 1: 10 días óptima → 665,00 "1 semana + 3 días", IVA 139,65, total 804,65', () => {
    const { importe, desglose } = precio(10);
    expect([importe, desglose]).toEqual(['665.00', '1 semana + 3 días']);
    const base = lineBase({ cantidad: '1', precio: importe });
    expect(totales([{ base, tipoIva: 21 }])).toMatchObject({
      base: '665.00',
      iva: '139.65',
      total: '804.65',
    });
  });

  test.each([
    [6, '380.00', '1 semana'],
    [12, '760.00', '2 semanas'],
    [45, '1955.00', '1 mes + 2 semanas + 1 día'],
  ])('scenario 1: %i días → %s "%s"', (dias, importe, desglose) => {
    expect(precio(dias)).toMatchObject({ importe, desglose });
  });

  test('scenario 1: "Por días" for 10 días → 950,00', () => {
    expect(precio(10, { ...MEX_001, modoTarifa: 'dia' })).toEqual({
      importe: '950.00',
      meses: 0,
      semanas: 0,
      dias: 10,
      diasFacturables: 10,
      desglose: '10 días',
    });
  });
});

describe('comercial §9 scenario 2', () => {
  test('scenario 2: 7,5 % dto. on 665,00 → 615,13 (615,125); + TRA-IDA and TRA-VUE → 785,13, IVA 164,88, total 950,01', () => {
    const alquiler = lineBase({ cantidad: '1', precio: precio(10).importe, descuentoPct: '7.5' });
    expect(alquiler).toBe('615.13');
    const transporte = lineBase({ cantidad: '1', precio: '85.00' });
    const lineas = [alquiler, transporte, transporte].map((base) => ({
      base,
      tipoIva: 21 as const,
    }));
    expect(totales(lineas)).toMatchObject({ base: '785.13', iva: '164.88', total: '950.01' });
  });

  test('scenario 2: 200 MAR-200-073 for 10 días with mínimo 30 → 240,00 "1 mes (mínimo 30 días)"', () => {
    const result = importeAlquiler({ dias: 10, diasMinimos: 30, ...MAR_200_073 });
    expect(result).toEqual({
      importe: '1.20',
      meses: 1,
      semanas: 0,
      dias: 0,
      diasFacturables: 30,
      desglose: '1 mes (mínimo 30 días)',
    });
    expect(lineBase({ cantidad: 200, precio: result.importe })).toBe('240.00');
  });
});

describe('comercial §9 scenario 3: a month dearer than four weeks (40 / 250 / 1.200)', () => {
  test('scenario 3: 60 días → 2.160,00 "8 semanas + 4 días", not 2.400,00', () => {
    const tarifa = { precioDia: '40', precioSemana: '250', precioMes: '1200' };
    expect(importeAlquiler({ dias: 60, ...tarifa })).toMatchObject({
      importe: '2160.00',
      desglose: '8 semanas + 4 días',
    });
  });
});

describe('the other periods comercial §9 prices', () => {
  test.each([
    [50, '2200.00', '2 meses', 'scenario 11: 20/01–10/03', MEX_001],
    [12, '760.00', '2 semanas', 'scenario 11: enero', MEX_001],
    [17, '1045.00', '2 semanas + 3 días', 'scenario 13', MEX_001],
    [8, '475.00', '1 semana + 1 día', 'scenario 14', MEX_001],
    [45, '1.95', '1 mes + 15 días', 'scenario 12: 01/04–15/05', MAR_200_073],
    [61, '2.45', '2 meses + 1 día', 'scenario 12: 01/04–31/05', MAR_200_073],
  ])('%i días → %s "%s" (%s)', (dias, importe, desglose, _escenario, tarifa) => {
    expect(importeAlquiler({ dias, ...tarifa })).toMatchObject({ importe, desglose });
  });
});

describe('R3 rules', () => {
  test('covering more days than rented is allowed', () => {
    // 25 días: 1.100 for a month beats 3 semanas + 4 días (1.520) and 4 semanas (1.520).
    expect(precio(25)).toMatchObject({ importe: '1100.00', desglose: '1 mes' });
  });

  test('a null price removes its unit', () => {
    expect(precio(10, { precioDia: '95', precioSemana: null, precioMes: '1100' })).toMatchObject({
      importe: '950.00',
      desglose: '10 días',
    });
    expect(precio(10, { precioDia: null, precioSemana: '380' })).toMatchObject({
      importe: '760.00',
      desglose: '2 semanas',
    });
    expect(precio(45, { precioDia: null, precioMes: '1100' })).toMatchObject({
      importe: '2200.00',
      desglose: '2 meses',
    });
  });

  test('ties: fewest units first (7 días at 10 = 1 semana at 70 → "1 semana")', () => {
    expect(precio(7, { precioDia: '10', precioSemana: '70', precioMes: '300' })).toMatchObject({
      importe: '70.00',
      desglose: '1 semana',
    });
    // 30 días, 4 semanas + 2 días and 1 mes all cost 300: one unit wins.
    expect(precio(30, { precioDia: '10', precioSemana: '70', precioMes: '300' })).toMatchObject({
      desglose: '1 mes',
    });
  });

  test('ties: then more months, then more weeks', () => {
    expect(precio(7, { precioDia: '10', precioSemana: '70', precioMes: '70' })).toMatchObject({
      importe: '70.00',
      desglose: '1 mes',
    });
    expect(precio(1, { precioDia: '10', precioSemana: '10', precioMes: '300' })).toMatchObject({
      importe: '10.00',
      desglose: '1 semana',
    });
  });

  test('the importe keeps the prices’ decimals: R5 rounds only the line base', () => {
    expect(precio(3, { precioDia: '33.3333' })).toMatchObject({ importe: '99.9999' });
    expect(precio(15, { precioDia: '0.0500' })).toMatchObject({ importe: '0.75' });
  });

  test('agrees with a brute force over every mix up to 200 días', () => {
    const tarifas = [MEX_001, { precioDia: '40', precioSemana: '250', precioMes: '1200' }];
    for (const tarifa of tarifas) {
      const [d, w, m] = [tarifa.precioDia, tarifa.precioSemana, tarifa.precioMes].map(Number);
      for (let n = 1; n <= 200; n += 1) {
        let best = Infinity;
        for (let meses = 0; meses <= 7; meses += 1) {
          for (let semanas = 0; semanas <= 29; semanas += 1) {
            const dias = Math.max(0, n - 30 * meses - 7 * semanas);
            best = Math.min(best, meses * m! + semanas * w! + dias * d!);
          }
        }
        expect(Number(importeAlquiler({ dias: n, ...tarifa }).importe)).toBe(best);
      }
    }
  });

  test('the longest period, 3.650 días', () => {
    expect(precio(3650)).toMatchObject({ importe: '134200.00', desglose: '122 meses' });
    const tarifa = { precioDia: '40', precioSemana: '250', precioMes: '1200' };
    expect(precio(3650, tarifa)).toMatchObject({
      importe: '130370.00',
      desglose: '521 semanas + 3 días',
    });
  });
});

describe('R2 mínimo', () => {
  test('the minimum shows only when it bills more than the rented days', () => {
    expect(importeAlquiler({ dias: 3, diasMinimos: 7, ...MEX_001 })).toMatchObject({
      importe: '380.00',
      diasFacturables: 7,
      desglose: '1 semana (mínimo 7 días)',
    });
    expect(importeAlquiler({ dias: 30, diasMinimos: 30, ...MEX_001 })).toMatchObject({
      diasFacturables: 30,
      desglose: '1 mes',
    });
  });
});

describe('R4 forced basis', () => {
  test.each([
    ['dia', 10, '950.00', '10 días'],
    ['semana', 10, '760.00', '2 semanas'],
    ['semana', 7, '380.00', '1 semana'],
    ['mes', 31, '2200.00', '2 meses'],
    ['mes', 10, '1100.00', '1 mes'],
  ] as const)('%s, %i días → %s "%s"', (modoTarifa, dias, importe, desglose) => {
    expect(importeAlquiler({ dias, ...MEX_001, modoTarifa })).toMatchObject({ importe, desglose });
  });

  test('a concepto forced to its unit: 12,00 €/día for 10 días bills 120,00', () => {
    expect(importeAlquiler({ dias: 10, precioDia: '12.00', modoTarifa: 'dia' }).importe).toBe(
      '120.00',
    );
  });

  test('R4: a forced unit without its price → the 400 texts', () => {
    expect(IMPORTE_ALQUILER_MESSAGES).toEqual({
      precioDiaObligatorio: 'El precio por día es obligatorio',
      semanaSinPrecio: 'La tarifa por semanas necesita precio por semana',
      mesSinPrecio: 'La tarifa por meses necesita precio por mes',
    });
    expect(tarifaIncompleta({ precioDia: '95', modoTarifa: 'semana' })).toEqual({
      campo: 'precioSemana',
      message: 'La tarifa por semanas necesita precio por semana',
    });
    expect(tarifaIncompleta({ precioDia: '95', precioSemana: null, modoTarifa: 'mes' })).toEqual({
      campo: 'precioMes',
      message: 'La tarifa por meses necesita precio por mes',
    });
    expect(tarifaIncompleta({ precioDia: null, precioMes: '1100', modoTarifa: 'dia' })).toEqual({
      campo: 'precioDia',
      message: 'El precio por día es obligatorio',
    });
    expect(tarifaIncompleta({ precioDia: null })).toMatchObject({ campo: 'precioDia' });
    expect(tarifaIncompleta({ precioDia: null, precioSemana: '380' })).toBeNull();
    expect(tarifaIncompleta({ precioDia: '95', modoTarifa: 'dia' })).toBeNull();
  });

  test('importeAlquiler throws the same problem as an error naming the field', () => {
    const call = () => importeAlquiler({ dias: 10, precioDia: '95', modoTarifa: 'semana' });
    expect(call).toThrow(TarifaIncompletaError);
    expect(call).toThrow('La tarifa por semanas necesita precio por semana');
    try {
      call();
    } catch (error) {
      expect(error).toMatchObject({ campo: 'precioSemana' });
    }
  });
});

describe('inputs outside the rules are programming errors', () => {
  test.each([0, -1, 1.5, 3651, Number.NaN])('dias %s', (dias) => {
    expect(() => precio(dias)).toThrow(RangeError);
  });

  test('diasMinimos and prices', () => {
    expect(() => importeAlquiler({ dias: 1, diasMinimos: 0, ...MEX_001 })).toThrow(RangeError);
    expect(() => precio(1, { precioDia: '-1' })).toThrow(RangeError);
    expect(() => precio(1, { precioDia: '1,5' })).toThrow(RangeError);
  });
});
