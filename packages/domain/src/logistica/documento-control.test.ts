import { describe, expect, test } from 'vitest';
import { comprobarDocumentoControl, faltanDocumentoControl } from './transporte.js';

// R10 (logistica.md §4): one function reads the art. 6 data for the form's checklist and the API.

const completo = {
  clienteNif: 'B07788128',
  transportistaNif: 'B07123458',
  origenMunicipioId: 'm1',
  destinoMunicipioId: 'm2',
  mercancia: 'Grava 6/12 a granel',
  pesoKg: 24_000,
  matricula: '8862LDS',
  conductor: 'Antoni Bauzà Mas',
};

describe('R10: documento de control', () => {
  test('complete data lacks nothing; each item is listed in the order of the 409 text', () => {
    expect(faltanDocumentoControl(completo)).toEqual([]);
    expect(comprobarDocumentoControl(completo).map((x) => x.label)).toEqual([
      'NIF del cliente',
      'NIF del transportista',
      'municipio de origen',
      'municipio de destino',
      'mercancía',
      'peso',
      'matrícula',
      'conductor',
    ]);
  });

  test('NIFs must be valid Spanish ones: a wrong control letter, a passport or none are missing', () => {
    expect(faltanDocumentoControl({ ...completo, clienteNif: 'B07788129' })).toEqual([
      'NIF del cliente',
    ]);
    expect(faltanDocumentoControl({ ...completo, transportistaNif: 'PA1234567' })).toEqual([
      'NIF del transportista',
    ]);
    expect(faltanDocumentoControl({ ...completo, clienteNif: ' 43256789-e ' })).toEqual([]);
  });

  test('blank text, no weight or a zero weight count as missing (escenario 7)', () => {
    expect(
      faltanDocumentoControl({
        ...completo,
        mercancia: '  ',
        pesoKg: 0,
        matricula: null,
        conductor: undefined,
        origenMunicipioId: '',
      }),
    ).toEqual(['municipio de origen', 'mercancía', 'peso', 'matrícula', 'conductor']);
  });
});
