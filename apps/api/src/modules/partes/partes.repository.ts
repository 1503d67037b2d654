import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { EMPRESAS, PARTE_TIPOS } from '@tvsistema/domain';
import type { Empresa, ParteSort, ParteTipo } from '@tvsistema/domain';
import type { Db } from '../../db/database.js';
import {
  calles,
  ciudades,
  codigosPostales,
  municipios,
  paises,
  provincias,
} from '../../db/schema.js';
import { partes, partesTotales } from './partes.table.js';
import type { StoredContacto } from './partes.table.js';

// The only file of the party modules that touches SQL.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** Filters of a list or an export, already normalised by the service. */
export type ParteFilter = {
  tipo: ParteTipo;
  empresa: Empresa;
  activo?: boolean | undefined;
  /** normalizeSearchText of the searchTerm. */
  search?: string | undefined;
  /** Upper-cased partial documento. */
  documento?: string | undefined;
  /** Upper-cased whole documento. */
  documentoExact?: string | undefined;
};

/** Every column a write sets, besides id, tipo and the audit fields. */
export type ParteValues = {
  nombre: string;
  documento: string | null;
  activo: boolean;
  nombreBusqueda: string;
  busqueda: string;
  cuentaContableProveedor: string | null;
  cuentaContableCompra: string | null;
  cuentaContableCliente: string | null;
  cuentaContableVenta: string | null;
  cuentaContableRetencion: string | null;
  contactos: StoredContacto[];
  observaciones: string[];
  direccionPaisId: string | null;
  direccionProvinciaId: string | null;
  direccionMunicipioId: string | null;
  direccionCiudadId: string | null;
  direccionCalleId: string | null;
  direccionCodigoPostalId: string | null;
  direccionAltura: number | null;
  direccionPlanta: string | null;
  direccionLocal: string | null;
  direccionObservacion: string | null;
};

export type Audit = { sub: string; email: string | null; at: Date };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// tipo and empresa go into the SQL as literals (from closed lists, so nothing can be injected), so
// any plan, generic or custom, can prove the predicate of the list's partial trigram index.
const literal = <T extends string>(value: T, allowed: readonly T[]): SQL => {
  if (!allowed.includes(value)) throw new Error(`Unexpected value ${value}`);
  return sql.raw(`'${value}'`);
};

const listOf = (tipo: ParteTipo, empresa: Empresa): SQL =>
  sql`${partes.tipo} = ${literal(tipo, PARTE_TIPOS)} and ${partes.empresa} = ${literal(empresa, EMPRESAS)}`;

const whereOf = (filter: ParteFilter): SQL | undefined =>
  and(
    listOf(filter.tipo, filter.empresa),
    filter.activo === undefined ? undefined : eq(partes.activo, filter.activo),
    filter.search ? like(partes.busqueda, `%${escapeLike(filter.search)}%`) : undefined,
    // busqueda holds the lower-cased documento too: the trigram index narrows, the second test
    // keeps only matches inside documento.
    filter.documento
      ? and(
          like(partes.busqueda, `%${escapeLike(filter.documento.toLowerCase())}%`),
          like(partes.documento, `%${escapeLike(filter.documento)}%`),
        )
      : undefined,
    filter.documentoExact ? eq(partes.documento, filter.documentoExact) : undefined,
  );

const SORT_COLUMNS = {
  nombre: sql`(${partes.nombreBusqueda} COLLATE "C")`,
  documento: sql`(${partes.documento} COLLATE "C")`,
  createdAt: sql`${partes.createdAt}`,
  updatedAt: sql`${partes.updatedAt}`,
} as const satisfies Record<ParteSort['field'], SQL>;

// The same expressions as the sort indexes, the id as the stable tiebreak in the same direction,
// so PostgreSQL walks one index forwards or backwards.
const orderOf = ({ field, direction }: ParteSort): SQL[] => {
  const by = direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[field]), by(partes.id)];
};

// The current name of an address level. Correlated subqueries rather than six joins: the same
// result, and far cheaper to plan on every request (PGlite prepares nothing).
const nameOf = (table: PgTable, name: PgColumn, id: PgColumn) =>
  sql<string | null>`(select ${name} from ${table} where ${table}.id = ${id})`;

const recordColumns = {
  id: partes.id,
  tipo: partes.tipo,
  empresa: partes.empresa,
  activo: partes.activo,
  nombre: partes.nombre,
  documento: partes.documento,
  cuentaContableProveedor: partes.cuentaContableProveedor,
  cuentaContableCompra: partes.cuentaContableCompra,
  cuentaContableCliente: partes.cuentaContableCliente,
  cuentaContableVenta: partes.cuentaContableVenta,
  cuentaContableRetencion: partes.cuentaContableRetencion,
  contactos: partes.contactos,
  observaciones: partes.observaciones,
  archivos: partes.archivos,
  paisId: partes.direccionPaisId,
  pais: nameOf(paises, paises.nombre, partes.direccionPaisId),
  provinciaId: partes.direccionProvinciaId,
  provincia: nameOf(provincias, provincias.nombre, partes.direccionProvinciaId),
  municipioId: partes.direccionMunicipioId,
  municipio: nameOf(municipios, municipios.nombre, partes.direccionMunicipioId),
  ciudadId: partes.direccionCiudadId,
  ciudad: nameOf(ciudades, ciudades.nombre, partes.direccionCiudadId),
  calleId: partes.direccionCalleId,
  calle: nameOf(calles, calles.nombre, partes.direccionCalleId),
  codigoPostalId: partes.direccionCodigoPostalId,
  codigoPostal: nameOf(codigosPostales, codigosPostales.valor, partes.direccionCodigoPostalId),
  altura: partes.direccionAltura,
  planta: partes.direccionPlanta,
  local: partes.direccionLocal,
  observacion: partes.direccionObservacion,
  createdAt: partes.createdAt,
  createdBySub: partes.createdBySub,
  createdByEmail: partes.createdByEmail,
  updatedAt: partes.updatedAt,
  updatedBySub: partes.updatedBySub,
  updatedByEmail: partes.updatedByEmail,
};

const selectRecords = (db: Executor) => db.select(recordColumns).from(partes);

/** A stored party with the current names of its address levels (null where none is chosen). */
export type ParteRow = Awaited<ReturnType<typeof selectRecords>>[number];

export const findParte = async (
  db: Executor,
  tipo: ParteTipo,
  id: string,
): Promise<ParteRow | undefined> => {
  const [row] = await selectRecords(db)
    .where(and(eq(partes.tipo, tipo), eq(partes.id, id)))
    .limit(1);
  return row;
};

const countersWhere = (filter: ParteFilter): SQL | undefined =>
  and(
    eq(partesTotales.tipo, filter.tipo),
    eq(partesTotales.empresa, filter.empresa),
    filter.activo === undefined ? undefined : eq(partesTotales.activo, filter.activo),
  );

/**
 * One page of a list without text filter, with its total from the counters, in one statement (on
 * PGlite every statement is planned anew): the page's ids walk a sort index, then their records.
 * `total` is undefined when the page is empty (past the end).
 */
export const findListPage = async (
  db: Executor,
  filter: ParteFilter,
  sort: ParteSort,
  page: { limit: number; offset: number },
): Promise<{ rows: ParteRow[]; total: number | undefined }> => {
  const pageIds = db
    .select({ id: partes.id })
    .from(partes)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select({
      ...recordColumns,
      total: sql<string>`(select coalesce(sum(${partesTotales.total}), 0) from ${partesTotales} where ${countersWhere(filter)})`,
    })
    .from(partes)
    .where(inArray(partes.id, pageIds))
    .orderBy(...orderOf(sort));
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0] === undefined ? undefined : Number(rows[0].total),
  };
};

/**
 * One page of a text search (searchTerm or documento) with the size of the whole match set, in one
 * statement. The matches are collected first through the trigram index: the CTE is read twice
 * (page and count), so PostgreSQL materialises it instead of walking a sort index and filtering,
 * a bet that takes hundreds of milliseconds on rare terms. `total` is undefined when the page is
 * empty.
 */
export const findMatchPage = async (
  db: Executor,
  filter: ParteFilter,
  sort: ParteSort,
  page: { limit: number; offset: number },
): Promise<{ rows: ParteRow[]; total: number | undefined }> => {
  const by = sort.direction === 'asc' ? asc : desc;
  const matches = db.$with('matches').as(
    db
      .select({ id: partes.id, sortKey: sql<unknown>`${SORT_COLUMNS[sort.field]}`.as('sort_key') })
      .from(partes)
      .where(whereOf(filter)),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(by(matches.sortKey), by(matches.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .with(matches)
    .select({ ...recordColumns, total: sql<string>`(select count(*) from ${matches})` })
    .from(partes)
    .where(inArray(partes.id, pageIds))
    .orderBy(...orderOf(sort));
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0] === undefined ? undefined : Number(rows[0].total),
  };
};

/** Whether a filter narrows by text (and so is counted, not read from the counters). */
export const hasMatchFilter = (filter: ParteFilter): boolean =>
  Boolean(filter.search || filter.documento || filter.documentoExact);

/** Records by id, in the order of `ids` (ids not found are skipped). */
export const findPartesByIds = async (
  db: Executor,
  tipo: ParteTipo,
  ids: readonly string[],
): Promise<ParteRow[]> => {
  if (ids.length === 0) return [];
  const rows = await selectRecords(db).where(
    and(eq(partes.tipo, tipo), inArray(partes.id, [...ids])),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** All ids matching a filter, in list order (for the export, which then reads them in batches). */
export const findAllIds = async (
  db: Executor,
  filter: ParteFilter,
  sort: ParteSort,
): Promise<string[]> => {
  const rows = await db
    .select({ id: partes.id })
    .from(partes)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort));
  return rows.map((row) => row.id);
};

/**
 * How many rows match. Without a text filter the counters table answers exactly (no scan of the
 * empresa's rows); with one, the matches are counted through the trigram or unique index.
 */
export const countPartes = async (db: Executor, filter: ParteFilter): Promise<number> => {
  if (!hasMatchFilter(filter)) {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${partesTotales.total})` })
      .from(partesTotales)
      .where(countersWhere(filter));
    return Number(row?.total ?? 0);
  }
  const [row] = await db
    .select({ total: sql<string>`count(*)` })
    .from(partes)
    .where(whereOf(filter));
  return Number(row?.total ?? 0);
};

export const insertParte = async (
  db: Executor,
  tipo: ParteTipo,
  empresa: Empresa,
  values: ParteValues,
  audit: Audit,
): Promise<string> => {
  const [row] = await db
    .insert(partes)
    .values({
      ...values,
      tipo,
      empresa,
      createdAt: audit.at,
      createdBySub: audit.sub,
      createdByEmail: audit.email,
      updatedAt: audit.at,
      updatedBySub: audit.sub,
      updatedByEmail: audit.email,
    })
    .returning({ id: partes.id });
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row.id;
};

/** Locks the row for the rest of the transaction and tells its empresa. */
export const lockParte = async (
  db: Tx,
  tipo: ParteTipo,
  id: string,
): Promise<{ empresa: Empresa } | undefined> => {
  const [row] = await db
    .select({ empresa: partes.empresa })
    .from(partes)
    .where(and(eq(partes.tipo, tipo), eq(partes.id, id)))
    .for('update');
  return row;
};

export const updateParte = async (
  db: Executor,
  tipo: ParteTipo,
  id: string,
  values: ParteValues,
  audit: Audit,
): Promise<void> => {
  await db
    .update(partes)
    .set({ ...values, updatedAt: audit.at, updatedBySub: audit.sub, updatedByEmail: audit.email })
    .where(and(eq(partes.tipo, tipo), eq(partes.id, id)));
};

/** The stored parents of the chosen address levels, to check the hierarchy on write. */
export type DireccionLevels = {
  pais: { id: string } | undefined;
  provincia: { id: string; paisId: string } | undefined;
  municipio: { id: string; provinciaId: string } | undefined;
  ciudad: { id: string; provinciaId: string; municipioId: string } | undefined;
  calle: { id: string; ciudadId: string } | undefined;
  codigoPostal: { id: string; ciudadId: string } | undefined;
};

export type DireccionIds = {
  paisId: string | null;
  provinciaId: string | null;
  municipioId: string | null;
  ciudadId: string | null;
  calleId: string | null;
  codigoPostalId: string | null;
};

const one = async <T>(id: string | null, query: (id: string) => Promise<T[]>) =>
  id === null ? undefined : (await query(id))[0];

export const findDireccionLevels = async (
  db: Executor,
  ids: DireccionIds,
): Promise<DireccionLevels> => ({
  pais: await one(ids.paisId, (id) =>
    db.select({ id: paises.id }).from(paises).where(eq(paises.id, id)),
  ),
  provincia: await one(ids.provinciaId, (id) =>
    db
      .select({ id: provincias.id, paisId: provincias.paisId })
      .from(provincias)
      .where(eq(provincias.id, id)),
  ),
  municipio: await one(ids.municipioId, (id) =>
    db
      .select({ id: municipios.id, provinciaId: municipios.provinciaId })
      .from(municipios)
      .where(eq(municipios.id, id)),
  ),
  ciudad: await one(ids.ciudadId, (id) =>
    db
      .select({
        id: ciudades.id,
        provinciaId: ciudades.provinciaId,
        municipioId: ciudades.municipioId,
      })
      .from(ciudades)
      .where(eq(ciudades.id, id)),
  ),
  calle: await one(ids.calleId, (id) =>
    db.select({ id: calles.id, ciudadId: calles.ciudadId }).from(calles).where(eq(calles.id, id)),
  ),
  codigoPostal: await one(ids.codigoPostalId, (id) =>
    db
      .select({ id: codigosPostales.id, ciudadId: codigosPostales.ciudadId })
      .from(codigosPostales)
      .where(eq(codigosPostales.id, id)),
  ),
});

/** The database error code of a failed statement (drizzle wraps the driver's error in `cause`). */
export const pgErrorOf = (
  error: unknown,
): { code: string; constraint: string | undefined } | undefined => {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
};

export const DOCUMENTO_UNIQUE_CONSTRAINT = 'partes_tipo_empresa_documento_key';
