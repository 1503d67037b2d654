import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payloadResolver } from './form-resolver.js';

// A form whose rows are objects but whose payload is a list of strings, with blank rows dropped.
type Values = { nombre: string; lineas: { texto: string }[] };

const schema = z.object({
  nombre: z.string().trim().min(1, 'El nombre es obligatorio'),
  lineas: z.array(z.string().max(3, 'Demasiado larga')),
});

const resolver = payloadResolver<Values>({
  schema,
  toPayload: (values) => ({
    nombre: values.nombre,
    lineas: values.lineas.map((linea) => linea.texto).filter((texto) => texto !== ''),
  }),
  fieldOf: (path, values) => {
    if (path[0] !== 'lineas' || path[1] === undefined) return path;
    const kept = values.lineas.flatMap((linea, index) => (linea.texto ? [index] : []));
    return ['lineas', String(kept[Number(path[1])]), 'texto'];
  },
});

const resolve = (values: Values) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('payloadResolver', () => {
  it('passes the form values through when the payload is valid', async () => {
    const values = { nombre: 'Grúa', lineas: [{ texto: 'ok' }] };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('validates the payload and maps each issue back to its form field', async () => {
    const result = await resolve({
      nombre: '  ',
      lineas: [{ texto: '' }, { texto: 'larga' }],
    });
    expect(result.values).toEqual({});
    expect(result.errors.nombre?.message).toBe('El nombre es obligatorio');
    // The payload's line 0 is the form's row 1: the blank row 0 was not sent.
    expect(result.errors.lineas?.[1]?.texto?.message).toBe('Demasiado larga');
    expect(result.errors.lineas?.[0]).toBeUndefined();
  });
});
