import { describe, expect, it } from 'vitest';
import {
  normalizarNifImportacion,
  parsearDecimalImportacion,
  parsearEnteroImportacion,
  parsearEstadoMaterialImportacion,
  parsearEstadoTransporteImportacion,
  parsearFechaImportacion,
  parsearHoraImportacion,
  parsearTipoAlbaranImportacion,
} from './importacion-valores.js';

describe('R19 import cell values', () => {
  it('dates follow formatoFecha; ISO (Excel date cells) is always accepted; impossible dates fail', () => {
    expect(parsearFechaImportacion('04/05/2026', 'DD/MM/AAAA')).toBe('2026-05-04');
    expect(parsearFechaImportacion('4/5/26', 'DD/MM/AAAA')).toBe('2026-05-04');
    expect(parsearFechaImportacion('04-05-2026', 'DD-MM-AAAA')).toBe('2026-05-04');
    expect(parsearFechaImportacion('04-05-2026', 'DD/MM/AAAA')).toBeNull();
    expect(parsearFechaImportacion('2026-05-04', 'DD/MM/AAAA')).toBe('2026-05-04');
    expect(parsearFechaImportacion('2026-05-04', 'AAAA-MM-DD')).toBe('2026-05-04');
    expect(parsearFechaImportacion('31/02/2026', 'DD/MM/AAAA')).toBeNull();
    expect(parsearFechaImportacion('2026-13-01', 'AAAA-MM-DD')).toBeNull();
    expect(parsearFechaImportacion('mañana', 'DD/MM/AAAA')).toBeNull();
    expect(parsearFechaImportacion('', 'DD/MM/AAAA')).toBeNull();
  });

  it('hours are HH:mm', () => {
    expect(parsearHoraImportacion('8:05')).toBe('08:05');
    expect(parsearHoraImportacion('23:59:00')).toBe('23:59');
    expect(parsearHoraImportacion('24:00')).toBeNull();
    expect(parsearHoraImportacion('8h')).toBeNull();
  });

  it('decimals: with coma the dot groups thousands; with punto the reverse', () => {
    expect(parsearDecimalImportacion('1.234,50', 'coma')).toBe('1234.50');
    expect(parsearDecimalImportacion('1234,5 €', 'coma')).toBe('1234.5');
    expect(parsearDecimalImportacion('24.000', 'coma')).toBe('24000');
    expect(parsearDecimalImportacion('1,234.50', 'punto')).toBe('1234.50');
    expect(parsearDecimalImportacion('24.5', 'punto')).toBe('24.5');
    expect(parsearDecimalImportacion('1.23,4', 'coma')).toBeNull();
    expect(parsearDecimalImportacion('12,3,4', 'coma')).toBeNull();
    expect(parsearDecimalImportacion('abc', 'coma')).toBeNull();
    expect(parsearDecimalImportacion('-3,5', 'coma')).toBe('-3.5');
    expect(parsearEnteroImportacion('24.000', 'coma')).toBe(24000);
    expect(parsearEnteroImportacion('24,5', 'coma')).toBeNull();
  });

  it('tipo, estado del material and estado of transport accept the usual words', () => {
    expect(parsearTipoAlbaranImportacion('E')).toBe('entrega');
    expect(parsearTipoAlbaranImportacion('Devolución')).toBe('recogida');
    expect(parsearTipoAlbaranImportacion('R')).toBe('recogida');
    expect(parsearTipoAlbaranImportacion('otro')).toBeNull();
    expect(parsearEstadoMaterialImportacion('')).toBe('correcto');
    expect(parsearEstadoMaterialImportacion('Dañado')).toBe('danado');
    expect(parsearEstadoMaterialImportacion('FALTA')).toBe('falta');
    expect(parsearEstadoMaterialImportacion('regular')).toBeNull();
    expect(parsearEstadoTransporteImportacion('')).toBe('pendiente');
    expect(parsearEstadoTransporteImportacion('Entregado')).toBe('entregado');
    expect(parsearEstadoTransporteImportacion('en ruta')).toBeNull();
    expect(normalizarNifImportacion(' b-07.788 128 ')).toBe('B07788128');
  });
});
