import { describe, expect, it } from 'vitest';
import { ejemploPrecio, ivaLabel, precioConUnidad } from './concepto-format.js';
import { buildConceptoPayload, decimalInput, EMPTY_CONCEPTO } from './concepto-form.js';

describe('concept prices as users read them (inventario.md §5.7)', () => {
  it('writes the price with its unit, a percentage, and the IVA', () => {
    expect(precioConUnidad('85.0000', 'viaje')).toBe('85,00 €/viaje');
    expect(precioConUnidad('1.6000', 'km')).toBe('1,60 €/km');
    expect(precioConUnidad('0.1250', 'unidad')).toBe('0,125 €/ud.');
    expect(precioConUnidad('1300', 'm2')).toBe('1.300,00 €/m²');
    expect(precioConUnidad('8.0000', 'porcentaje')).toBe('8 %');
    expect(ivaLabel(21)).toBe('21 %');
    expect(ivaLabel(0, 'no_sujeta')).toBe('0 % no sujeta');
  });

  it('computes the example line with the domain money helpers', () => {
    expect(ejemploPrecio({ unidad: 'viaje', precio: '85.00', tipoIva: 21, motivoIva0: '' })).toBe(
      'Ejemplo: 2 viajes × 85,00 € = 170,00 € + IVA 21 % 35,70 € = 205,70 €',
    );
    expect(
      ejemploPrecio({ unidad: 'unidad', precio: '300', tipoIva: 0, motivoIva0: 'no_sujeta' }),
    ).toBe('Ejemplo: 2 uds. × 300,00 € = 600,00 € + IVA 0 % no sujeta 0,00 € = 600,00 €');
    expect(ejemploPrecio({ unidad: 'porcentaje', precio: '8', tipoIva: 21, motivoIva0: '' })).toBe(
      'Ejemplo: 8 % de 1.000,00 € = 80,00 € + IVA 21 % 16,80 € = 96,80 €',
    );
    expect(ejemploPrecio({ unidad: '', precio: '8', tipoIva: 21, motivoIva0: '' })).toBeUndefined();
    expect(
      ejemploPrecio({ unidad: 'dia', precio: 'ocho', tipoIva: 21, motivoIva0: '' }),
    ).toBeUndefined();
  });

  it('reads Spanish decimals and sends a fianza as 0 % no sujeta', () => {
    expect(decimalInput(' 1.234,50 ')).toBe('1234.50');
    expect(decimalInput('85.5')).toBe('85.5');
    expect(
      buildConceptoPayload({
        ...EMPTY_CONCEPTO,
        codigo: ' fia-maq ',
        nombre: 'Fianza de maquinaria',
        tipo: 'fianza',
        unidad: 'unidad',
        precio: '300,00',
        tipoIva: '21',
      }),
    ).toEqual({
      codigo: 'FIA-MAQ',
      nombre: 'Fianza de maquinaria',
      tipo: 'fianza',
      aplicaA: 'todos',
      unidad: 'unidad',
      precio: '300.00',
      tipoIva: 0,
      motivoIva0: 'no_sujeta',
      activo: true,
    });
  });
});
