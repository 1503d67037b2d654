import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { tables as comercialTables } from '../comercial/index.js';
import { tables as flotaTables } from '../flota/index.js';
import { tables as inventarioTables } from '../inventario/index.js';
import { tables as partesTables } from '../partes/index.js';
import { albaranes } from './logistica.table.js';

// The demo world's lookups (logistica.demo.ts): the records other modules' seeds made, by the
// codes and numbers modules/README.md names them with.

/** The seed's references: alquileres by number, articles by code, transport parties and fleet. */
export const referenciasDemo = async (tx: Executor) => {
  const { alquileres } = comercialTables;
  const { maquinas, andamioComponentes, conceptos } = inventarioTables;
  const { partes } = partesTables;
  const { camiones, conductores } = flotaTables;
  const alq = await tx
    .select({ id: alquileres.id, numero: alquileres.numero, cliente: partes.nombre })
    .from(alquileres)
    .innerJoin(partes, eq(partes.id, alquileres.clienteId));
  const maq = await tx.select({ id: maquinas.id, codigo: maquinas.codigoInterno }).from(maquinas);
  const com = await tx
    .select({ id: andamioComponentes.id, codigo: andamioComponentes.codigo })
    .from(andamioComponentes);
  const con = await tx.select({ id: conceptos.id, codigo: conceptos.codigo }).from(conceptos);
  const clientes = await tx
    .select({ id: partes.id, documento: partes.documento })
    .from(partes)
    .where(and(eq(partes.tipo, 'cliente'), eq(partes.empresa, 'transporte')));
  const prov = await tx
    .select({ id: partes.id, documento: partes.documento })
    .from(partes)
    .where(and(eq(partes.tipo, 'proveedor'), eq(partes.empresa, 'transporte')));
  const cam = await tx.select({ id: camiones.id, matricula: camiones.matricula }).from(camiones);
  const cond = await tx
    .select({
      nombre: sql<string>`${conductores.nombre} || ' ' || ${conductores.apellidos}`,
      dni: conductores.documento,
    })
    .from(conductores);
  const porNumero = new Map<string, { id: string; cliente: string }>();
  // Numbers carry the year (A2026-00003): the seed names them by their sequence.
  for (const a of alq) if (a.numero) porNumero.set(a.numero.slice(-5), a);
  return {
    alquiler: porNumero,
    articulo: new Map([...maq, ...com, ...con].map((a) => [a.codigo, a.id])),
    cliente: new Map(clientes.map((c) => [c.documento ?? '', c.id])),
    proveedor: new Map(prov.map((p) => [p.documento ?? '', p.id])),
    camion: new Map(cam.map((c) => [c.matricula, c.id])),
    conductor: new Map(cond.map((c) => [c.nombre, c.dni])),
  };
};

export const hayAlbaranes = async (tx: Executor) => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(albaranes);
  return (row?.n ?? 0) > 0;
};
