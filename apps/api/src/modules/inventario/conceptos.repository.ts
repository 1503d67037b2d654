import { eq, sql } from 'drizzle-orm';
import {
  parseConceptoSort,
  type Concepto,
  type ConceptoListQuery,
  type ConceptoSortField,
} from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import {
  auditoriaJson,
  dondeTodos,
  filtroBusqueda,
  ordenPor,
  paginaDe,
} from './comun.repository.js';
import { idValido } from './inventario-comun.js';
import { conceptos } from './inventario.table.js';

// §2.8 price templates: the only SQL on `conceptos`.

export type ConceptoFila = typeof conceptos.$inferInsert;

export const conceptoJson = sql.raw(`jsonb_build_object(${auditoriaJson('c')},
  'codigo', c.codigo, 'nombre', c.nombre, 'descripcion', c.descripcion, 'tipo', c.tipo,
  'aplicaA', c.aplica_a, 'unidad', c.unidad, 'precio', c.precio::text, 'tipoIva', c.tipo_iva,
  'motivoIva0', c.motivo_iva0, 'activo', c.activo)`);

const ORDEN: Readonly<Record<ConceptoSortField, string>> = {
  codigo: 'c.codigo',
  nombre: 'lower(c.nombre)',
  tipo: 'c.tipo',
  precio: 'c.precio',
  updatedAt: 'c.updated_at',
};

type Filtros = Omit<ConceptoListQuery, 'page' | 'limit'>;

const filtros = (query: Filtros) =>
  dondeTodos([
    filtroBusqueda(sql.raw('c.busqueda'), query.searchTerm),
    query.tipo ? sql`c.tipo = ${query.tipo}` : undefined,
    query.aplicaA ? sql`c.aplica_a = ${query.aplicaA}` : undefined,
    query.activo === undefined ? undefined : sql`c.activo = ${query.activo}`,
  ]);

const orden = (sort: string | undefined) => {
  const { field, direction } = parseConceptoSort(sort) ?? { field: 'codigo', direction: 'asc' };
  return ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('c.id'));
};

export const findConcepto = async (executor: Executor, id: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await rowsOf<{ r: Concepto }>(
    executor,
    sql`select ${conceptoJson} as r from conceptos c where c.id = ${id}`,
  );
  return row?.r;
};

export const pageOfConceptos = (executor: Executor, query: ConceptoListQuery) =>
  paginaDe<Concepto>(executor, {
    json: conceptoJson,
    from: sql`conceptos c`,
    where: filtros(query),
    orderBy: orden(query.sort),
    page: query.page,
    limit: query.limit,
  });

export const allConceptos = async (executor: Executor, query: Filtros) =>
  (
    await rowsOf<{ r: Concepto }>(
      executor,
      sql`select ${conceptoJson} as r from conceptos c where ${filtros(query)}
          order by ${orden(query.sort)}`,
    )
  ).map((row) => row.r);

/** §6.4: active templates for comercial's pickers (aplicaA also offers those for all). */
export const opcionesConceptos = async (
  executor: Executor,
  {
    q,
    tipo,
    aplicaA,
    limit,
  }: {
    q?: string | undefined;
    tipo?: string | undefined;
    aplicaA?: string | undefined;
    limit: number;
  },
) =>
  (
    await rowsOf<{ r: Concepto }>(
      executor,
      sql`select ${conceptoJson} as r from conceptos c
          where ${dondeTodos([
            sql`c.activo`,
            filtroBusqueda(sql.raw('c.busqueda'), q),
            tipo ? sql`c.tipo = ${tipo}` : undefined,
            aplicaA ? sql`c.aplica_a in (${aplicaA}, 'todos')` : undefined,
          ])}
          order by c.codigo limit ${limit}`,
    )
  ).map((row) => row.r);

export const insertConcepto = async (executor: Executor, fila: ConceptoFila) => {
  const [row] = await executor.insert(conceptos).values(fila).returning({ id: conceptos.id });
  return row?.id ?? '';
};

export const updateConcepto = (
  executor: Executor,
  id: string,
  fila: Omit<ConceptoFila, 'createdBySub' | 'createdByEmail'>,
) =>
  executor
    .update(conceptos)
    .set({ ...fila, updatedAt: sql`now()`, version: sql`${conceptos.version} + 1` })
    .where(eq(conceptos.id, id));

export const deleteConcepto = (executor: Executor, id: string) =>
  executor.delete(conceptos).where(eq(conceptos.id, id));

/** Locks the template's row for the rest of the transaction; false when it does not exist. */
export const lockConcepto = async (executor: Executor, id: string) =>
  idValido(id) &&
  (
    await rowsOf<{ id: string }>(
      executor,
      sql`select id from conceptos where id = ${id} for update`,
    )
  ).length > 0;
