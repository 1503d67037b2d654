import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { DECIMAL_MESSAGES, importeSchema, precioSchema } from './decimal-schemas.js';

const messagesOf = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('importeSchema: numeric(14,2)', () => {
  const importe = importeSchema('El importe');

  test.each(['0', '1234.5', '1234.50', '999999999999.99', '0.05', '000123.40'])(
    '"%s" passes unchanged',
    (value) => {
      expect(importe.parse(value)).toBe(value);
    },
  );

  test.each([
    ['1234.505', 'El importe debe ser un número con hasta 2 decimales'],
    ['1.234,50', 'El importe debe ser un número con hasta 2 decimales'],
    ['1e3', 'El importe debe ser un número con hasta 2 decimales'],
    ['', 'El importe debe ser un número con hasta 2 decimales'],
    [' 12', 'El importe debe ser un número con hasta 2 decimales'],
    [12.5, 'El importe debe ser un número con hasta 2 decimales'],
    [null, 'El importe debe ser un número con hasta 2 decimales'],
    ['1000000000000', 'El importe no puede tener más de 12 cifras enteras'],
    ['-0.01', 'El importe no puede ser menor que 0'],
  ])('%j → "%s"', (value, message) => {
    expect(messagesOf(importe, value)).toEqual([message]);
  });

  test('negative amounts where a rule allows them (notas de abono)', () => {
    const abono = importeSchema('El importe', { minimo: 'ninguno' });
    expect(abono.parse('-0.03')).toBe('-0.03');
  });

  test('strictly positive, and a module catalogue text instead of the generic one', () => {
    const positivo = importeSchema('El importe', { minimo: 'positivo' });
    expect(messagesOf(positivo, '0.00')).toEqual([DECIMAL_MESSAGES.noPositivo('El importe')]);
    const precio = precioSchema('El precio', {
      mensajes: { menorQueCero: 'El precio no puede ser negativo' },
    });
    expect(messagesOf(precio, '-1')).toEqual(['El precio no puede ser negativo']);
  });
});

describe('precioSchema: numeric(14,4)', () => {
  const cantidad = precioSchema('La cantidad', { minimo: 'positivo' });

  test.each(['1', '33.3333', '0.05', '9999999999.9999'])('"%s" passes', (value) => {
    expect(cantidad.parse(value)).toBe(value);
  });

  test.each([
    ['33.33333', 'La cantidad debe ser un número con hasta 4 decimales'],
    ['10000000000', 'La cantidad no puede tener más de 10 cifras enteras'],
    ['0', 'La cantidad debe ser mayor que 0'],
    ['-2', 'La cantidad debe ser mayor que 0'],
  ])('"%s" → "%s"', (value, message) => {
    expect(messagesOf(cantidad, value)).toEqual([message]);
  });

  test('the API renders the path before the message', () => {
    const linea = z.object({ lineas: z.array(z.object({ precio: precioSchema('El precio') })) });
    const result = linea.safeParse({ lineas: [{ precio: '1,5' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['lineas', 0, 'precio'],
      message: 'El precio debe ser un número con hasta 4 decimales',
    });
  });
});
