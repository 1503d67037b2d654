import { describe, expect, it } from 'vitest';
import {
  PREFERENCIAS_MESSAGES as M,
  PREFERENCIAS_POR_DEFECTO,
  preferenciasInputSchema,
} from './index.js';

const valid = {
  sistemaPorDefecto: 'transportes',
  vistaListas: 'list',
  tamanoPagina: 50,
  densidad: 'compacta',
} as const;

const issuesOf = (input: unknown) =>
  preferenciasInputSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('preferenciasInputSchema', () => {
  it('accepts a whole record, and null for what the user leaves to each list', () => {
    expect(preferenciasInputSchema.parse(valid)).toEqual(valid);
    expect(preferenciasInputSchema.parse(PREFERENCIAS_POR_DEFECTO)).toEqual({
      sistemaPorDefecto: null,
      vistaListas: null,
      tamanoPagina: null,
      densidad: 'normal',
    });
  });

  it('offers the list toolbar’s views and page sizes, nothing else', () => {
    for (const size of [10, 20, 30, 50]) {
      expect(preferenciasInputSchema.safeParse({ ...valid, tamanoPagina: size }).success).toBe(
        true,
      );
    }
    expect(issuesOf({ ...valid, tamanoPagina: 25 })).toEqual([['tamanoPagina', M.tamanoInvalido]]);
    expect(issuesOf({ ...valid, tamanoPagina: '50' })).toEqual([
      ['tamanoPagina', M.tamanoInvalido],
    ]);
    expect(issuesOf({ ...valid, vistaListas: 'tabla' })).toEqual([
      ['vistaListas', M.vistaInvalida],
    ]);
  });

  it('names every wrong or missing field in Spanish', () => {
    expect(M.tamanoInvalido).toBe('El tamaño de página debe ser 10, 20, 30 o 50');
    expect(issuesOf({ sistemaPorDefecto: 'flota', densidad: 'mini' })).toEqual([
      ['sistemaPorDefecto', M.sistemaInvalido],
      ['vistaListas', M.vistaInvalida],
      ['tamanoPagina', M.tamanoInvalido],
      ['densidad', M.densidadInvalida],
    ]);
  });
});
