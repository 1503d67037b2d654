import { describe, expect, test } from 'vitest';
import { enObra, importePeriodo, lotesDeLinea, retrasoDias } from './facturacion.js';
import { calcularLineas, type LineaPrecio } from './lineas.js';

// R17–R19 as pure rules (the API tests run the same scenarios through the ports).

const MEX_001: LineaPrecio = {
  clase: 'maquina',
  unidad: 'ud.',
  cantidad: '1',
  fechaInicio: '2026-03-02',
  fechaFin: '2026-03-12',
  modoTarifa: 'optimo',
  diasMinimos: 1,
  precioDia: '95.00',
  precioSemana: '380.00',
  precioMes: '1100.00',
  precio: null,
  descuentoPct: '0',
  tipoIva: 21,
};

describe('R18 lots (FIFO)', () => {
  test('a partial recogida splits the oldest lot; the rest keeps billing', () => {
    const lotes = lotesDeLinea([
      { tipo: 'entrega', fecha: '2026-04-01', cantidad: 200 },
      { tipo: 'recogida', fecha: '2026-05-15', cantidad: 80 },
    ]);
    expect(lotes).toEqual([
      { cantidad: 80, desde: '2026-04-01', hasta: '2026-05-15', enObra: false },
      { cantidad: 120, desde: '2026-04-01', hasta: null, enObra: true },
    ]);
    expect(enObra(lotes)).toEqual({ fuera: 120, baja: 0 });
  });

  test('a recogida takes units under baja first: billing stops at the baja', () => {
    const lotes = lotesDeLinea([
      { tipo: 'entrega', fecha: '2026-03-02', cantidad: 1 },
      { tipo: 'baja', fecha: '2026-03-09', cantidad: 1 },
      { tipo: 'recogida', fecha: '2026-03-13', fechaFinCobro: '2026-03-13', cantidad: 1 },
    ]);
    expect(lotes).toEqual([
      { cantidad: 1, desde: '2026-03-02', hasta: '2026-03-09', enObra: false },
    ]);
    expect(importePeriodo(MEX_001, lotes, '2026-03-01', '2026-03-31')).toBe('475.00');
  });
});

describe('R17 late and R19 periods', () => {
  test('late days count while billable units are out past fechaFin; a baja is never late', () => {
    const fuera = lotesDeLinea([{ tipo: 'entrega', fecha: '2026-03-02', cantidad: 1 }]);
    expect(retrasoDias(fuera, '2026-03-12', '2026-03-16')).toBe(4);
    expect(retrasoDias(fuera, '2026-03-12', '2026-03-12')).toBe(0);
    const deBaja = lotesDeLinea([
      { tipo: 'entrega', fecha: '2026-03-02', cantidad: 1 },
      { tipo: 'baja', fecha: '2026-03-09', cantidad: 1 },
    ]);
    expect(retrasoDias(deBaja, '2026-03-12', '2026-03-16')).toBe(0);
  });

  test('monthly periods add up to the whole-period price (scenario 11: 760 + 1.005 + 435 = 2.200)', () => {
    const lotes = lotesDeLinea([
      { tipo: 'entrega', fecha: '2026-01-20', cantidad: 1 },
      { tipo: 'recogida', fecha: '2026-03-10', cantidad: 1 },
    ]);
    const meses = [
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
    ] as const;
    expect(meses.map(([d, h]) => importePeriodo(MEX_001, lotes, d, h))).toEqual([
      '760.00',
      '1005.00',
      '435.00',
    ]);
    expect(importePeriodo(MEX_001, lotes, '2026-01-01', '2026-03-31')).toBe('2200.00');
  });

  test('a percentage line applies to the rental lines of the document (SEG-DAN 8 % on 665 → 53,20)', () => {
    const seguro: LineaPrecio = {
      ...MEX_001,
      clase: 'concepto',
      unidad: 'porcentaje',
      fechaInicio: null,
      fechaFin: null,
      precio: '8',
      precioDia: null,
      precioSemana: null,
      precioMes: null,
    };
    const [maquina, pct] = calcularLineas([{ ...MEX_001, fechaInicio: '2026-03-03' }, seguro]);
    expect([maquina?.base, pct?.base]).toEqual(['665.00', '53.20']);
  });
});
