import type { Camion, Conductor } from '@tvsistema/domain/flota';
import {
  createInventarioTest,
  dataOf,
  type InventarioTest,
} from '../inventario/inventario-helpers.js';

// Flota's API tests (flota-obras.md §9: API clock injected): the same harness as inventario's —
// the real app with "hoy" fixed and a caller per demo role.

export type FlotaTest = InventarioTest;
export const createFlotaTest = createInventarioTest;
export { dataOf };

let serie = 0;
/** A VIN of 17 valid characters, different on each call. */
export const nuevoBastidor = () => `WDB96340810${String(++serie).padStart(6, '0')}`;
/** An ordinary plate, different on each call. */
export const nuevaMatricula = () => `${1000 + ++serie}KTM`;

export const SEGURO = {
  aseguradora: 'Mapfre',
  poliza: 'POL-123',
  cobertura: 'todo_riesgo',
  vencimiento: '2030-01-31',
};

/**
 * §2.1: a motor vehicle's autorización and tacógrafo are required. These are the neutral answers
 * (no due item, no warning); a test about them passes its own.
 */
export const AUTORIZACION = { tipo: 'no_requiere' };
export const TACOGRAFO = { tipo: 'analogico' };

const esRemolque = (tipo: unknown) => tipo === 'semirremolque' || tipo === 'remolque';

export const camionBody = (extra: Record<string, unknown> = {}) => ({
  matricula: nuevaMatricula(),
  bastidor: nuevoBastidor(),
  tipo: 'rigido',
  marca: 'Iveco',
  modelo: 'Eurocargo 120E25',
  fechaPrimeraMatriculacion: '2020-01-10',
  fechaAlta: '2020-01-10',
  itvProximaInicial: '2030-01-10',
  mmaKg: 12_000,
  taraKg: 6900,
  seguro: SEGURO,
  ...(esRemolque(extra.tipo) ? {} : { autorizacion: AUTORIZACION, tacografo: TACOGRAFO }),
  ...extra,
});

export const crearCamion = async (t: FlotaTest, extra: Record<string, unknown> = {}) => {
  const response = await t.api.post('/api/camiones', camionBody(extra));
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return dataOf<Camion>(response);
};

export const conductorBody = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Joan',
  apellidos: 'Pons Amengual',
  documento: '43123456C',
  clasesPermiso: ['B', 'C', 'CE'],
  permisoVencimiento: '2031-01-01',
  capVencimiento: '2030-01-01',
  ...extra,
});

export const crearConductor = async (t: FlotaTest, extra: Record<string, unknown> = {}) => {
  const response = await t.api.post('/api/conductores', conductorBody(extra));
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return dataOf<Conductor>(response);
};

export const leerCamion = async (t: FlotaTest, id: string) =>
  dataOf<Camion>(await t.api.get(`/api/camiones/${id}`));
