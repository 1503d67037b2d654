import { describe, expect, it } from 'vitest';
import { mapListErrors, mapServerErrors } from './server-errors.js';

// The party form's fields (SPEC 5), as a module hands them over.
const FIELDS = ['nombre', 'empresa', 'documento'] as const;

describe('mapServerErrors', () => {
  it('maps "campo: mensaje" errors of nombre, empresa and documento to their fields', () => {
    expect(
      mapServerErrors(
        [
          'nombre: El nombre es obligatorio',
          'Documento: Documento inválido (5-30, A-Z, 0-9, -, .)',
          'empresa: La empresa es obligatoria',
        ],
        FIELDS,
      ),
    ).toEqual({
      fields: {
        nombre: 'El nombre es obligatorio',
        documento: 'Documento inválido (5-30, A-Z, 0-9, -, .)',
        empresa: 'La empresa es obligatoria',
      },
      unmapped: [],
    });
  });

  it('searches the whole text, case-insensitively, when there is no field part', () => {
    expect(mapServerErrors(['El DOCUMENTO ya existe'], FIELDS).fields.documento).toBe(
      'El DOCUMENTO ya existe',
    );
  });

  it('leaves other fields unmapped, a contact name included', () => {
    expect(
      mapServerErrors(
        [
          'contactos.0.nombre: El nombre del contacto es obligatorio',
          'cuentaContableProveedor: La cuenta contable debe tener entre 3 y 12 dígitos',
          { message: 'direccion.ciudadId: La ciudad no pertenece al municipio' },
          42,
        ],
        FIELDS,
      ),
    ).toEqual({
      fields: {},
      unmapped: [
        'contactos.0.nombre: El nombre del contacto es obligatorio',
        'cuentaContableProveedor: La cuenta contable debe tener entre 3 y 12 dígitos',
        'direccion.ciudadId: La ciudad no pertenece al municipio',
      ],
    });
  });

  it('maps camelCase fields to themselves, whatever the case of the field part', () => {
    const fields = ['tipo', 'tipoIva', 'motivoIva0', 'stockInicial', 'referenciaFabricante'];
    expect(
      mapServerErrors(
        [
          'tipoIva: La fianza no está sujeta a IVA: elige 0 % (no sujeta)',
          'motivoIva0: Elige el motivo del IVA 0 %',
          'STOCKINICIAL: Cantidad no válida',
          'referenciaFabricante: Como máximo 60 caracteres',
        ],
        fields,
      ),
    ).toEqual({
      fields: {
        tipoIva: 'La fianza no está sujeta a IVA: elige 0 % (no sujeta)',
        motivoIva0: 'Elige el motivo del IVA 0 %',
        stockInicial: 'Cantidad no válida',
        referenciaFabricante: 'Como máximo 60 caracteres',
      },
      unmapped: [],
    });
  });

  it('copes with no list at all', () => {
    expect(mapServerErrors(undefined, FIELDS)).toEqual({ fields: {}, unmapped: [] });
  });
});

describe('mapListErrors', () => {
  it("puts the API's 'lineas[i].campo' errors on their line and field, and leaves the rest", () => {
    const mapped = mapListErrors(
      [
        'clienteId: Elige un cliente',
        'lineas[0].descripcion: La descripción es obligatoria',
        'lineas.2.cantidad: La cantidad debe ser mayor que 0',
        'lineas[0].descripcion: otro mensaje del mismo campo',
        'contactos[0].nombre: de otra lista',
      ],
      'lineas',
    );
    expect(mapped.items.get(0)).toEqual({ descripcion: 'La descripción es obligatoria' });
    expect(mapped.items.get(2)).toEqual({ cantidad: 'La cantidad debe ser mayor que 0' });
    expect(mapped.items.has(1)).toBe(false);
    expect(mapped.rest).toEqual([
      'clienteId: Elige un cliente',
      'contactos[0].nombre: de otra lista',
    ]);
  });
});
