// `npm run seed:bulk -- <modulo> [escala]`: the benchmarks' ten-year volumes of a module, written
// into a real database (the app's, not a bench's temporary one) so the lists can be tried by hand
// at the size §10 of each design measures. One table, module → its seed steps in dependency
// order (comercial's rentals take inventario's machines), reusing the seeds the bench cases run.
import { sql } from 'drizzle-orm';
import type { Database } from './db/database.js';
import {
  seedVolumenComercial,
  seedVolumenComercialListas,
  volumenComercial,
} from './modules/comercial/index.js';
import { seedVolumenFinanzas, volumenFinanzas } from './modules/finanzas/index.js';
import {
  refrescarVencimientosFlota,
  seedVolumenFlota,
  volumenFlota,
} from './modules/flota/index.js';
import { seedVolumenInventario, volumenInventario } from './modules/inventario/index.js';
import {
  seedVolumenAlquilerLogistica,
  seedVolumenLogistica,
  volumenAlquilerLogistica,
  volumenLogistica,
} from './modules/logistica/index.js';
import { seedVolumenObras, volumenObras } from './modules/obras/index.js';

type Paso = (database: Database, escala: number, hoy: string) => Promise<unknown>;

export type ModuloVolumen = {
  /** What a count instead of a scale counts, and how many of them scale 1 writes. */
  principal: { nombre: string; enEscala1: number };
  pasos: readonly Paso[];
  /** The tables whose new rows the command reports. */
  tablas: readonly string[];
};

const contar = async (database: Database, tablas: readonly string[]) => {
  const cuentas: Record<string, number> = {};
  for (const tabla of tablas) {
    const r = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${tabla}`),
    )) as unknown as { rows: { n: number }[] };
    cuentas[tabla] = r.rows[0]?.n ?? 0;
  }
  return cuentas;
};

const inventario: Paso = (d, e, hoy) => seedVolumenInventario(d, volumenInventario(e), hoy);
/** Comercial's rentals need machines: inventario's volume, unless the database has some already. */
const inventarioSiFalta: Paso = async (d, e, hoy) => {
  const { maquinas = 0 } = await contar(d, ['maquinas']);
  if (maquinas === 0) await inventario(d, e, hoy);
};

export const MODULOS_VOLUMEN = {
  albaranes: {
    principal: { nombre: 'albaranes de transporte', enEscala1: 500_000 },
    pasos: [
      (d, e, hoy) => seedVolumenLogistica(d, volumenLogistica(e), hoy),
      (d, e, hoy) => seedVolumenAlquilerLogistica(d, volumenAlquilerLogistica(e), hoy),
    ],
    tablas: ['partes', 'alquileres', 'albaranes'],
  },
  comercial: {
    principal: { nombre: 'alquileres', enEscala1: 60_000 },
    pasos: [
      inventarioSiFalta,
      (d, e, hoy) => seedVolumenComercial(d, volumenComercial(e), hoy),
      (d, e, hoy) => seedVolumenComercialListas(d, volumenComercial(e), hoy),
    ],
    tablas: ['maquinas', 'partes', 'alquileres', 'alquiler_lineas', 'presupuestos'],
  },
  inventario: {
    principal: { nombre: 'máquinas', enEscala1: 1_000 },
    pasos: [inventario],
    tablas: ['maquinas', 'andamio_componentes', 'andamio_movimientos', 'inventario_bloqueos'],
  },
  flota: {
    principal: { nombre: 'camiones', enEscala1: 1_200 },
    pasos: [
      (d, e, hoy) => seedVolumenFlota(d, volumenFlota(e), hoy),
      // The stored due items, as every write through the services keeps them (the flota bench).
      (d, _e, hoy) => refrescarVencimientosFlota(d, hoy),
    ],
    tablas: ['camiones', 'conductores', 'camion_lecturas_km'],
  },
  obras: {
    principal: { nombre: 'obras', enEscala1: 30_000 },
    pasos: [(d, e, hoy) => seedVolumenObras(d, volumenObras(e), hoy)],
    tablas: ['obras', 'operarios', 'partes_trabajo'],
  },
  facturas: {
    principal: { nombre: 'facturas', enEscala1: 100_000 },
    pasos: [(d, e, hoy) => seedVolumenFinanzas(d, volumenFinanzas(e), hoy)],
    tablas: ['partes', 'facturas', 'compras'],
  },
} as const satisfies Record<string, ModuloVolumen>;

export type NombreModuloVolumen = keyof typeof MODULOS_VOLUMEN;

export const esModuloVolumen = (nombre: string): nombre is NombreModuloVolumen =>
  Object.hasOwn(MODULOS_VOLUMEN, nombre);

/**
 * The scale an argument asks for: up to 10 a scale (0.1 → a tenth of §10's volume), from 100 on
 * a count of the module's main rows (`albaranes 500000` → scale 1, as the design writes it).
 */
export const escalaDeArgumento = (modulo: NombreModuloVolumen, argumento: string | undefined) => {
  if (argumento === undefined) return 1;
  const n = Number(argumento);
  if (!Number.isFinite(n) || n <= 0 || (n > 10 && n < 100)) return undefined;
  return n >= 100 ? n / MODULOS_VOLUMEN[modulo].principal.enEscala1 : n;
};

/** Runs a module's seed steps; returns the rows each reported table gained. */
export const sembrarVolumen = async (
  database: Database,
  modulo: NombreModuloVolumen,
  escala: number,
  hoy: string,
): Promise<Record<string, number>> => {
  const { pasos, tablas } = MODULOS_VOLUMEN[modulo];
  const antes = await contar(database, tablas);
  for (const paso of pasos) await paso(database, escala, hoy);
  const despues = await contar(database, tablas);
  return Object.fromEntries(tablas.map((t) => [t, (despues[t] ?? 0) - (antes[t] ?? 0)]));
};
