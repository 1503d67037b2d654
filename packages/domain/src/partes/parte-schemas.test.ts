import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  clienteCreateSchema,
  clienteUpdateSchema,
  proveedorCreateSchema,
  proveedorUpdateSchema,
} from './parte-schemas.js';
import { parteListQuerySchema } from './parte-list-query.js';
import { formatParteSort, parseParteSort } from './parte-sort.js';
import { CUENTAS_CONTABLES } from './parte-tipos.js';

/** The issues of a failed parse as 'path: message', the form the API answers with. */
const issuesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const valid = { nombre: 'Ferretería Sóller', empresa: 'alquileres' };

describe('proveedorCreateSchema', () => {
  test('fills the defaults of a minimal supplier', () => {
    expect(proveedorCreateSchema.parse(valid)).toEqual({
      nombre: 'Ferretería Sóller',
      empresa: 'alquileres',
      activo: true,
      contactos: [],
      observaciones: [],
    });
  });

  test('requires nombre and empresa with the SPEC 5 messages', () => {
    expect(issuesOf(proveedorCreateSchema, {})).toEqual([
      'nombre: El nombre es obligatorio',
      'empresa: La empresa es obligatoria',
    ]);
    expect(issuesOf(proveedorCreateSchema, { ...valid, nombre: '   ' })).toEqual([
      'nombre: El nombre es obligatorio',
    ]);
  });

  test('refuses an empresa that is not one of the three', () => {
    expect(issuesOf(proveedorCreateSchema, { ...valid, empresa: 'transportes' })).toEqual([
      'empresa: La empresa es obligatoria',
    ]);
  });

  test('trims and uppercases documento; an empty one is omitted', () => {
    expect(proveedorCreateSchema.parse({ ...valid, documento: '  b-123.45x ' }).documento).toBe(
      'B-123.45X',
    );
    expect(proveedorCreateSchema.parse({ ...valid, documento: '   ' }).documento).toBeUndefined();
  });

  test.each(['1234', 'A'.repeat(31), 'B12 345', 'B12/345', 'Ñ1234'])(
    'refuses documento %j',
    (documento) => {
      expect(issuesOf(proveedorCreateSchema, { ...valid, documento })).toEqual([
        'documento: Documento inválido (5-30, A-Z, 0-9, -, .)',
      ]);
    },
  );

  test('accepts documento of 5 and of 30 characters', () => {
    expect(issuesOf(proveedorCreateSchema, { ...valid, documento: '12345' })).toEqual([]);
    expect(issuesOf(proveedorCreateSchema, { ...valid, documento: 'A'.repeat(30) })).toEqual([]);
  });

  test('requires a contact nombre and checks telefono and correo', () => {
    expect(
      issuesOf(proveedorCreateSchema, {
        ...valid,
        contactos: [
          { nombre: 'Ana', telefono: '+34 971 123 456', correo: 'ANA@Example.es' },
          { nombre: ' ', telefono: 'abc', correo: 'no-es-correo' },
        ],
      }),
    ).toEqual([
      'contactos.1.nombre: El nombre del contacto es obligatorio',
      'contactos.1.telefono: El teléfono solo puede incluir números, espacios, paréntesis, guiones y +',
      'contactos.1.correo: El correo electrónico no es válido',
    ]);
  });

  test('keeps a contact with empty telefono and correo, lowercasing the mail', () => {
    const parsed = proveedorCreateSchema.parse({
      ...valid,
      contactos: [{ nombre: ' Ana ', telefono: '', correo: 'ANA@Example.es' }],
    });
    expect(parsed.contactos).toEqual([{ nombre: 'Ana', correo: 'ana@example.es' }]);
  });

  test('drops blank observation lines and trims the rest', () => {
    expect(
      proveedorCreateSchema.parse({ ...valid, observaciones: ['', '  Paga a 30 días ', '   '] })
        .observaciones,
    ).toEqual(['Paga a 30 días']);
  });

  test('checks the supplier accounting accounts: 3 to 12 digits, empty omitted', () => {
    expect(
      issuesOf(proveedorCreateSchema, {
        ...valid,
        cuentaContableProveedor: '12',
        cuentaContableCompra: '1234567890123',
        cuentaContableRetencion: '47A',
      }),
    ).toEqual([
      'cuentaContableProveedor: La cuenta contable debe tener entre 3 y 12 dígitos',
      'cuentaContableCompra: La cuenta contable debe tener entre 3 y 12 dígitos',
      'cuentaContableRetencion: La cuenta contable debe tener entre 3 y 12 dígitos',
    ]);
    const parsed = proveedorCreateSchema.parse({
      ...valid,
      cuentaContableProveedor: '400000001',
      cuentaContableCompra: '',
    });
    expect(parsed.cuentaContableProveedor).toBe('400000001');
    expect(parsed.cuentaContableCompra).toBeUndefined();
  });

  test('ignores the client accounts on a supplier (DESIGN decision 1)', () => {
    const parsed = proveedorCreateSchema.parse({ ...valid, cuentaContableCliente: '430000001' });
    expect(parsed).not.toHaveProperty('cuentaContableCliente');
  });

  test('checks the address free fields', () => {
    expect(
      issuesOf(proveedorCreateSchema, {
        ...valid,
        direccion: { altura: -1, planta: 'x'.repeat(21) },
      }),
    ).toEqual([
      'direccion.altura: La altura debe ser un número entero entre 0 y 99999',
      'direccion.planta: La planta no puede exceder los 20 caracteres',
    ]);
  });
});

describe('clienteCreateSchema', () => {
  test('edits the client accounting set', () => {
    expect(CUENTAS_CONTABLES.cliente).toEqual([
      'cuentaContableCliente',
      'cuentaContableVenta',
      'cuentaContableRetencion',
    ]);
    const parsed = clienteCreateSchema.parse({
      ...valid,
      cuentaContableCliente: '430000001',
      cuentaContableProveedor: '400000001',
    });
    expect(parsed.cuentaContableCliente).toBe('430000001');
    expect(parsed).not.toHaveProperty('cuentaContableProveedor');
  });
});

describe('the update schemas', () => {
  test.each([
    ['proveedor', proveedorUpdateSchema],
    ['cliente', clienteUpdateSchema],
  ] as const)('a %s update refuses empresa on its own field', (_tipo, schema) => {
    expect(issuesOf(schema, { nombre: 'X', empresa: 'alquileres' })).toEqual([
      'empresa: La empresa no puede modificarse después de la creación.',
    ]);
    expect(issuesOf(schema, { nombre: 'X', empresa: null })).toEqual([
      'empresa: La empresa no puede modificarse después de la creación.',
    ]);
  });

  test('other unknown keys get a generic message naming them', () => {
    expect(issuesOf(proveedorUpdateSchema, { nombre: 'X', foo: 1, bar: 2 })).toEqual([
      ': Campos no admitidos: foo, bar',
    ]);
  });

  test('a body without empresa is valid', () => {
    expect(proveedorUpdateSchema.parse({ nombre: 'X', activo: false })).toMatchObject({
      nombre: 'X',
      activo: false,
    });
  });

  test('a body that is not an object keeps zod’s own type message', () => {
    expect(issuesOf(proveedorUpdateSchema, 'texto')[0]).not.toMatch(/Campos no admitidos/);
  });
});

describe('parteListQuerySchema', () => {
  test('defaults page 1 and limit 10', () => {
    expect(parteListQuerySchema.parse({ empresa: 'alquileres' })).toMatchObject({
      empresa: 'alquileres',
      page: 1,
      limit: 10,
    });
  });

  test('coerces the query strings and drops blank filters', () => {
    expect(
      parteListQuerySchema.parse({
        empresa: 'transporte',
        page: '3',
        limit: '50',
        searchTerm: '  ',
        activo: 'false',
        documentoExact: ' b123 ',
      }),
    ).toMatchObject({ page: 3, limit: 50, activo: false, documentoExact: 'B123' });
  });

  test('refuses a limit above 100, a page below 1 and an unknown empresa', () => {
    expect(parteListQuerySchema.safeParse({ empresa: 'alquileres', limit: '101' }).success).toBe(
      false,
    );
    expect(parteListQuerySchema.safeParse({ empresa: 'alquileres', page: '0' }).success).toBe(
      false,
    );
    expect(parteListQuerySchema.safeParse({ empresa: 'nada' }).success).toBe(false);
  });
});

describe('parseParteSort', () => {
  test.each([
    [undefined, { field: 'nombre', direction: 'asc' }],
    ['documento', { field: 'documento', direction: 'asc' }],
    ['-createdAt', { field: 'createdAt', direction: 'desc' }],
    ['updatedAt:desc', { field: 'updatedAt', direction: 'desc' }],
    ['nombre:asc', { field: 'nombre', direction: 'asc' }],
  ])('reads %j', (sort, expected) => {
    expect(parseParteSort(sort)).toEqual(expected);
  });

  test.each(['precio', '-nombre:desc', 'nombre:up', 'nombre desc', ''])('refuses %j', (sort) => {
    expect(parseParteSort(sort)).toBeUndefined();
  });

  test('formatParteSort writes what parseParteSort reads', () => {
    expect(formatParteSort({ field: 'nombre', direction: 'desc' })).toBe('-nombre');
    expect(parseParteSort(formatParteSort({ field: 'documento', direction: 'asc' }))).toEqual({
      field: 'documento',
      direction: 'asc',
    });
  });
});
