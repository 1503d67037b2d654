import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { ConductorListQuery } from '@tvsistema/domain/flota';
import { claveOrdenEtiqueta, parseConductorSort } from '@tvsistema/domain/flota';
import { rowsOf, type Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { camiones, conductores } from './flota.table.js';

// The only SQL of the drivers (flota-obras.md §2.2).

export type ConductorRow = typeof conductores.$inferSelect;
export type ConductorFila = typeof conductores.$inferInsert;

/** The stored sort key of a driver's label, "nombre apellidos" (§4.3, decision 0029). */
const ordenDeNombre = (nombre: string, apellidos: string) => {
  const etiqueta = `${nombre} ${apellidos}`;
  return { etiquetaOrden: claveOrdenEtiqueta(etiqueta), etiquetaOrdenDe: etiqueta };
};

export const insertConductor = async (tx: Executor, fila: ConductorFila) => {
  const [row] = await tx
    .insert(conductores)
    .values({ ...fila, ...ordenDeNombre(fila.nombre, fila.apellidos) })
    .returning({ id: conductores.id });
  return row?.id ?? '';
};

/** A change of only one of nombre and apellidos leaves the key stale: the API sorts its day. */
export const updateConductor = (tx: Executor, id: string, set: Partial<ConductorFila>) =>
  tx
    .update(conductores)
    .set({
      ...set,
      ...(set.nombre === undefined || set.apellidos === undefined
        ? {}
        : ordenDeNombre(set.nombre, set.apellidos)),
      updatedAt: sql`now()`,
      version: sql`${conductores.version} + 1`,
    })
    .where(eq(conductores.id, id));

export const lockConductor = (tx: Executor, id: string) =>
  rowsOf(tx, sql`select id from conductores where id = ${id} for update`);

export const findConductorRow = async (executor: Executor, id: string) =>
  (await executor.select().from(conductores).where(eq(conductores.id, id)))[0];

const ORDEN = {
  nombre: [conductores.nombre, conductores.apellidos],
  documento: [conductores.documento],
  updatedAt: [conductores.updatedAt],
} as const;

export const conductoresPagina = async (executor: Executor, query: ConductorListQuery) => {
  const where: SQL[] = [];
  if (query.searchTerm)
    where.push(
      sql`${conductores.busqueda} like ${`%${escapeLike(normalizeSearchText(query.searchTerm))}%`}`,
    );
  if (query.activo !== undefined) where.push(eq(conductores.activo, query.activo));
  const condicion = where.length ? and(...where) : undefined;
  const { field, direction } = parseConductorSort(query.sort) ?? {
    field: 'nombre' as const,
    direction: 'asc' as const,
  };
  const orden = ORDEN[field].map((c) => (direction === 'desc' ? desc(c) : asc(c)));
  const [total] = await executor.select({ n: count() }).from(conductores).where(condicion);
  const data = await executor
    .select()
    .from(conductores)
    .where(condicion)
    .orderBy(...orden, asc(conductores.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data, total: total?.n ?? 0 };
};

/** Each driver's non-baja vehicle, for the list's "Vehículo habitual". */
export const vehiculosHabituales = async (executor: Executor, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, { _id: string; matricula: string }>();
  const rows = await executor
    .select({
      conductorId: camiones.conductorHabitualId,
      _id: camiones.id,
      matricula: camiones.matricula,
    })
    .from(camiones)
    .where(
      and(
        sql`${camiones.conductorHabitualId} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        ne(camiones.estado, 'baja'),
      ),
    );
  return new Map(rows.map((r) => [r.conductorId ?? '', { _id: r._id, matricula: r.matricula }]));
};
