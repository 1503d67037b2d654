import { describe, expect, it } from 'vitest';
import { CUENTAS_CONTABLES, EMPTY_DIRECCION } from '@tvsistema/domain';
import { aParte } from '../testing/fixtures.js';
import {
  buildPayload,
  emptyFormValues,
  parteFormResolver,
  recordToFormValues,
  type ParteFormValues,
} from './form-rules.js';

const cuentas = CUENTAS_CONTABLES.proveedor;

const values = (overrides: Partial<ParteFormValues> = {}): ParteFormValues => ({
  ...emptyFormValues(cuentas, 'alquileres'),
  nombre: 'Ferretería Balear',
  ...overrides,
});

const resolve = async (formValues: ParteFormValues, mode: 'create' | 'edit' = 'create') =>
  (
    await parteFormResolver('proveedor', mode, cuentas)(formValues, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
  ).errors;

describe('buildPayload', () => {
  it('trims and uppercases documento, and omits it when empty', () => {
    expect(
      buildPayload(values({ documento: '  b07123458 ' }), { mode: 'create', cuentas }),
    ).toMatchObject({
      documento: 'B07123458',
    });
    const withoutDocumento = buildPayload(values({ documento: '   ' }), {
      mode: 'create',
      cuentas,
    });
    expect('documento' in withoutDocumento).toBe(false);
  });

  it('sends empresa on create and never on edit', () => {
    expect(
      buildPayload(values({ empresa: 'transporte' }), { mode: 'create', cuentas }).empresa,
    ).toBe('transporte');
    expect(
      'empresa' in buildPayload(values({ empresa: 'transporte' }), { mode: 'edit', cuentas }),
    ).toBe(false);
  });

  it('drops blank observation lines and trims the rest', () => {
    const payload = buildPayload(
      values({ observaciones: [{ texto: '  Paga a 30 días ' }, { texto: '   ' }, { texto: '' }] }),
      { mode: 'create', cuentas },
    );
    expect(payload.observaciones).toEqual(['Paga a 30 días']);
  });

  it('drops entirely blank contact rows and empty contact fields', () => {
    const payload = buildPayload(
      values({
        contactos: [
          { nombre: '', telefono: ' ', correo: '' },
          { nombre: ' Marta ', telefono: '971 123 456', correo: '' },
        ],
      }),
      { mode: 'create', cuentas },
    );
    expect(payload.contactos).toEqual([{ nombre: 'Marta', telefono: '971 123 456' }]);
  });

  it('sends the address ids and free fields, not the names', () => {
    const payload = buildPayload(
      values({
        direccion: { ...EMPTY_DIRECCION, paisId: 'es', pais: 'ESPAÑA', altura: 7, planta: ' 2 ' },
      }),
      { mode: 'create', cuentas },
    );
    expect(payload.direccion).toEqual({
      paisId: 'es',
      provinciaId: null,
      municipioId: null,
      ciudadId: null,
      calleId: null,
      codigoPostalId: null,
      altura: 7,
      planta: '2',
      local: null,
      observacion: null,
    });
  });

  it('sends only the filled accounts of the type', () => {
    const payload = buildPayload(
      values({ cuentaContableProveedor: ' 400001 ', cuentaContableCompra: '' }),
      { mode: 'create', cuentas },
    );
    expect(payload.cuentaContableProveedor).toBe('400001');
    expect('cuentaContableCompra' in payload).toBe(false);
  });
});

describe('recordToFormValues', () => {
  it('keeps one blank contact and one blank observation row when the record has none', () => {
    const form = recordToFormValues(
      aParte({ contactos: [], observaciones: [], documento: null }),
      cuentas,
    );
    expect(form.contactos).toEqual([{ nombre: '', telefono: '', correo: '' }]);
    expect(form.observaciones).toEqual([{ texto: '' }]);
    expect(form.documento).toBe('');
    expect(form.cuentaContableRetencion).toBe('');
  });
});

describe('parteFormResolver', () => {
  it('reports the SPEC 5 messages on the fields that caused them', async () => {
    const errors = await resolve(values({ nombre: ' ', documento: 'ab', empresa: '' }));
    expect(errors.nombre?.message).toBe('El nombre es obligatorio');
    expect(errors.documento?.message).toBe('Documento inválido (5-30, A-Z, 0-9, -, .)');
    expect(errors.empresa?.message).toBe('La empresa es obligatoria');
  });

  it('accepts a minimal supplier: blank contact and observation rows do not count', async () => {
    expect(await resolve(values())).toEqual({});
  });

  it('points a contact error at the row the user sees, even after a blank row', async () => {
    const errors = await resolve(
      values({
        contactos: [
          { nombre: '', telefono: '', correo: '' },
          { nombre: '', telefono: '971 000 000', correo: 'no-es-correo' },
        ],
      }),
    );
    expect(errors.contactos?.[1]?.nombre?.message).toBe('El nombre del contacto es obligatorio');
    expect(errors.contactos?.[1]?.correo?.message).toBe('El correo electrónico no es válido');
    expect(errors.contactos?.[0]).toBeUndefined();
  });

  it('validates an edit without asking for empresa', async () => {
    expect(await resolve(values({ empresa: '' }), 'edit')).toEqual({});
  });
});
