import {
  createInventarioTest,
  dataOf,
  type InventarioTest,
} from '../inventario/inventario-helpers.js';
import { crearComponente, crearMaquina } from '../inventario/inventario-fixtures.js';
import { seedLocations, type LocationTree } from '../proveedores/partes-helpers.js';

// Comercial's API tests: inventario's test app ("hoy" fixed, callers per role) plus a location
// tree, clients and the machines of comercial.md §9 (MEX-001 95 / 380 / 1.100 €).

export type ComercialTest = InventarioTest & {
  tree: LocationTree;
  clienteId: string;
  crearCliente(nombre: string, activo?: boolean): Promise<string>;
};

export const createComercialTest = async (
  hoy = '2026-03-01',
  env: NodeJS.ProcessEnv = {},
): Promise<ComercialTest> => {
  const t = await createInventarioTest(hoy, env);
  const tree = await seedLocations(t);
  const crearCliente = async (nombre: string) => {
    const r = await t.api.post('/api/clientes', { nombre, empresa: 'alquileres' });
    if (r.statusCode !== 201) throw new Error(`crearCliente: ${r.body}`);
    return dataOf<{ _id: string }>(r)._id;
  };
  return {
    ...t,
    tree,
    crearCliente,
    clienteId: await crearCliente('Construcciones Llevant, S.L.'),
  };
};

export const direccionObra = (t: ComercialTest) => ({
  paisId: t.tree.paisId,
  provinciaId: t.tree.provinciaId,
  municipioId: t.tree.municipioId,
});

let serie = 0;
/** A miniexcavadora with MEX-001's tariff and its own serial number. */
export const nuevaMaquina = (t: ComercialTest, overrides: Record<string, unknown> = {}) => {
  serie += 1;
  return crearMaquina(t, { numeroSerie: `COM-${serie}`, ...overrides });
};

export const nuevoComponente = (t: ComercialTest, overrides: Record<string, unknown> = {}) => {
  serie += 1;
  return crearComponente(t, { codigo: `MAR-${serie}`, ...overrides });
};

export const nuevoConcepto = async (t: ComercialTest, overrides: Record<string, unknown> = {}) => {
  serie += 1;
  const r = await t.api.post('/api/conceptos', {
    codigo: `TRA-${serie}`,
    nombre: 'Transporte ida',
    tipo: 'transporte',
    unidad: 'viaje',
    precio: '85.00',
    ...overrides,
  });
  if (r.statusCode !== 201) throw new Error(`nuevoConcepto: ${r.body}`);
  return dataOf<{ _id: string; codigo: string; version: number }>(r);
};

export const lineaMaquina = (
  maquinaId: string,
  fechaInicio: string,
  fechaFin: string,
  extra: Record<string, unknown> = {},
) => ({
  clase: 'maquina',
  maquinaId,
  fechaInicio,
  fechaFin,
  ...extra,
});

export const presupuestoBody = (
  t: ComercialTest,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  clienteId: t.clienteId,
  obraNombre: 'Reforma Hotel Cala Major',
  direccionObra: direccionObra(t),
  fechaInicio: '2026-03-03',
  fechaFin: '2026-03-12',
  lineas,
  ...extra,
});

export const alquilerBody = (
  t: ComercialTest,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  clienteId: t.clienteId,
  obraNombre: 'Reforma Hotel Cala Major',
  direccionObra: direccionObra(t),
  lineas,
  ...extra,
});

export type Registro = Record<string, unknown> & { _id: string; version: number };
export { dataOf };
