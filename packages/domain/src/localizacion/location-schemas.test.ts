import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calleCreateSchema,
  ciudadCreateSchema,
  codigoPostalCreateSchema,
  codigoPostalListQuerySchema,
  codigoPostalUpdateSchema,
  locationDependenciesSchema,
  locationIdParamsSchema,
  locationListResponse,
  locationRenameSchema,
  municipioCreateSchema,
  municipioListQuerySchema,
  paisCreateSchema,
  paisSchema,
  provinciaCreateSchema,
} from './location-schemas.js';

/** The messages a parse reports, as "field: message" like the API's 400. */
const errorsOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('location names (SPEC 5)', () => {
  it('trims and uppercases the name', () => {
    expect(paisCreateSchema.parse({ nombre: '  españa  ', codigo: ' es ' })).toEqual({
      nombre: 'ESPAÑA',
      codigo: 'ES',
    });
  });

  it.each([
    [{}, 'nombre: El nombre es obligatorio'],
    [{ nombre: null }, 'nombre: El nombre es obligatorio'],
    [{ nombre: 12 }, 'nombre: El nombre es obligatorio'],
    [{ nombre: '' }, 'nombre: El nombre es obligatorio'],
    [{ nombre: '    ' }, 'nombre: El nombre es obligatorio'],
    [{ nombre: ' a ' }, 'nombre: El nombre debe tener al menos 2 caracteres'],
    [{ nombre: 'x'.repeat(101) }, 'nombre: El nombre no puede exceder los 100 caracteres'],
  ])('%j → %s', (input, message) => {
    expect(errorsOf(paisCreateSchema, input)).toEqual([message]);
  });

  it('accepts 2 and 100 characters', () => {
    expect(paisCreateSchema.parse({ nombre: 'ab' }).nombre).toBe('AB');
    expect(paisCreateSchema.parse({ nombre: 'x'.repeat(100) }).nombre).toHaveLength(100);
  });

  it('drops an empty codigo and limits its length', () => {
    expect(paisCreateSchema.parse({ nombre: 'Francia', codigo: ' ' })).toEqual({
      nombre: 'FRANCIA',
    });
    expect(errorsOf(paisCreateSchema, { nombre: 'Francia', codigo: 'x'.repeat(11) })).toEqual([
      'codigo: El código no puede exceder los 10 caracteres',
    ]);
  });

  it('renames with the same rules', () => {
    expect(locationRenameSchema.parse({ nombre: ' palma ' })).toEqual({ nombre: 'PALMA' });
    expect(errorsOf(locationRenameSchema, { nombre: 'a' })).toEqual([
      'nombre: El nombre debe tener al menos 2 caracteres',
    ]);
  });
});

describe('parents must be chosen first (SPEC 5)', () => {
  it.each([
    [provinciaCreateSchema, { nombre: 'Baleares' }, 'paisId: Debe seleccionar un país primero'],
    [
      provinciaCreateSchema,
      { nombre: 'Baleares', paisId: ' ' },
      'paisId: Debe seleccionar un país primero',
    ],
    [
      municipioCreateSchema,
      { nombre: 'Palma' },
      'provinciaId: Debe seleccionar una provincia primero',
    ],
    [calleCreateSchema, { nombre: 'Mayor' }, 'ciudadId: Debe seleccionar una ciudad primero'],
    [codigoPostalCreateSchema, { valor: '07001' }, 'ciudadId: Debe seleccionar una ciudad primero'],
  ])('%#: %s', (schema, input, message) => {
    expect(errorsOf(schema, input)).toEqual([message]);
  });

  it('a ciudad needs a provincia and a municipio', () => {
    expect(errorsOf(ciudadCreateSchema, { nombre: 'Palma' })).toEqual([
      'provinciaId: Debe seleccionar una provincia primero',
      'municipioId: Debe seleccionar un municipio primero',
    ]);
    expect(errorsOf(ciudadCreateSchema, { nombre: 'Palma', provinciaId: 'p' })).toEqual([
      'municipioId: Debe seleccionar un municipio primero',
    ]);
  });
});

describe('postal codes (SPEC 5)', () => {
  const invalid =
    'valor: Debe tener al menos 3 caracteres y solo puede incluir letras, números, espacios o guiones';

  it('strips what is not a letter, digit, space or hyphen, and defaults activo to true', () => {
    expect(codigoPostalCreateSchema.parse({ valor: ' 07.001 ', ciudadId: 'c' })).toEqual({
      valor: '07001',
      ciudadId: 'c',
      activo: true,
    });
    expect(
      codigoPostalCreateSchema.parse({ valor: 'sw1a-1aa', ciudadId: 'c', activo: false }),
    ).toEqual({ valor: 'SW1A-1AA', ciudadId: 'c', activo: false });
  });

  it.each([
    [{ ciudadId: 'c' }, 'valor: El código postal es obligatorio'],
    [{ valor: '', ciudadId: 'c' }, 'valor: El código postal es obligatorio'],
    [{ valor: '..', ciudadId: 'c' }, 'valor: El código postal es obligatorio'],
    [{ valor: '07', ciudadId: 'c' }, invalid],
    [{ valor: '0'.repeat(21), ciudadId: 'c' }, invalid],
    [
      { valor: '07001', ciudadId: 'c', activo: 'sí' },
      'activo: El campo activo debe ser verdadero o falso',
    ],
  ])('%j → %s', (input, message) => {
    expect(errorsOf(codigoPostalCreateSchema, input)).toEqual([message]);
  });

  it('updates valor, activo, both or neither', () => {
    expect(codigoPostalUpdateSchema.parse({ activo: false })).toEqual({ activo: false });
    expect(codigoPostalUpdateSchema.parse({ valor: '07 001' })).toEqual({ valor: '07 001' });
    expect(codigoPostalUpdateSchema.parse({})).toEqual({});
    expect(errorsOf(codigoPostalUpdateSchema, { valor: '1' })).toEqual([invalid]);
  });
});

describe('list queries', () => {
  it('defaults to the first page of 100 and treats an empty filter as none', () => {
    expect(municipioListQuerySchema.parse({ nombre: ' ', provinciaId: '' })).toEqual({
      page: 1,
      limit: 100,
    });
    expect(municipioListQuerySchema.parse({ nombre: ' palma ', page: '2', limit: '500' })).toEqual({
      nombre: 'palma',
      page: 2,
      limit: 500,
    });
    expect(codigoPostalListQuerySchema.parse({ valorParcial: '070' })).toMatchObject({
      valorParcial: '070',
    });
  });

  it.each([
    [{ page: '0' }, 'page: La página debe ser un número entero mayor o igual a 1'],
    [{ page: 'x' }, 'page: La página debe ser un número entero mayor o igual a 1'],
    [{ page: '1.5' }, 'page: La página debe ser un número entero mayor o igual a 1'],
    [{ limit: '0' }, 'limit: El límite debe ser un número entero entre 1 y 500'],
    [{ limit: '501' }, 'limit: El límite debe ser un número entero entre 1 y 500'],
  ])('%j → %s', (input, message) => {
    expect(errorsOf(municipioListQuerySchema, input)).toEqual([message]);
  });
});

describe('responses', () => {
  it('a list carries its paging', () => {
    const schema = locationListResponse(paisSchema);
    const page = {
      success: true,
      data: [{ _id: '1', nombre: 'ESPAÑA', codigo: 'ES', version: 1 }],
      meta: { page: 1, limit: 100, hasMore: false },
    };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ ...page, meta: { page: 1, limit: 100 } }).success).toBe(false);
  });

  it('dependencies name known levels', () => {
    expect(
      locationDependenciesSchema.safeParse({ hijos: [{ entidad: 'ciudad', total: 2 }], usos: 0 })
        .success,
    ).toBe(true);
    expect(
      locationDependenciesSchema.safeParse({ hijos: [{ entidad: 'barrio', total: 2 }], usos: 0 })
        .success,
    ).toBe(false);
  });

  it('route ids are any text: the API answers 404 for a bad one, not 400', () => {
    expect(locationIdParamsSchema.parse({ id: '' })).toEqual({ id: '' });
  });
});
