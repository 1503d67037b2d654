import type { InventarioTest } from './inventario-helpers.js';
import { dataOf } from './inventario-helpers.js';

// Bodies of the demo world's kind (modules/README.md), small enough to read in a test.

export const maquinaBody = (overrides: Record<string, unknown> = {}) => ({
  tipo: 'miniexcavadora',
  marca: 'Kubota',
  modelo: 'U17-3α',
  anio: 2021,
  numeroSerie: 'U17-35124',
  tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
  pesoKg: '1680.0',
  ...overrides,
});

export type MaquinaCreada = {
  _id: string;
  codigoInterno: string;
  version: number;
  estado: string;
  horometro: string;
  horasAcumuladas: string;
};

export const crearMaquina = async (t: InventarioTest, overrides: Record<string, unknown> = {}) => {
  const response = await t.api.post('/api/maquinaria', maquinaBody(overrides));
  if (response.statusCode !== 201) throw new Error(`crearMaquina: ${response.body}`);
  return dataOf<MaquinaCreada>(response);
};

export const componenteBody = (overrides: Record<string, unknown> = {}) => ({
  codigo: 'MAR-200-073',
  nombre: 'Marco 2,00 × 0,73 m',
  categoria: 'marco',
  pesoKg: '18.500',
  precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
  stockInicial: 1000,
  ...overrides,
});

export const crearComponente = async (
  t: InventarioTest,
  overrides: Record<string, unknown> = {},
) => {
  const response = await t.api.post('/api/andamios', componenteBody(overrides));
  if (response.statusCode !== 201) throw new Error(`crearComponente: ${response.body}`);
  return dataOf<{ _id: string; codigo: string; version: number; stock: Record<string, number> }>(
    response,
  );
};

let contador = 0;
/** An alquiler as comercial would name it when it reserves. */
export const origen = (numero: string, etiqueta = 'Construcciones Llevant, S.L.') => {
  contador += 1;
  return {
    tipo: 'alquiler' as const,
    id: `00000000-0000-4000-8000-${String(contador).padStart(12, '0')}`,
    numero,
    etiqueta: `${numero} · ${etiqueta}`,
  };
};
