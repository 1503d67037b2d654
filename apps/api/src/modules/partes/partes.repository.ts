import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PARTE_TIPOS } from '@tvsistema/domain/partes';
import type { ParteSort, ParteTipo } from '@tvsistema/domain/partes';
import { EMPRESAS } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf } from '../../db/executor.js';
import type { Executor, Tx } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { partes, partesRegistros } from './partes.table.js';

// The only file of the party module that touches SQL.

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

type ParteRow = typeof partes.$inferSelect;

/** Every column a write sets, besides id, tipo, empresa and the audit fields. */
export type ParteValues = Omit<
  ParteRow,
  | 'id'
  | 'tipo'
  | 'empresa'
  | 'archivos'
  | 'createdAt'
  | 'createdBySub'
  | 'createdByEmail'
  | 'updatedAt'
  | 'updatedBySub'
  | 'updatedByEmail'
  | 'version'
>;

export type Audit = { sub: string; email: string | null; at: Date };

// tipo and empresa go into the SQL as literals (from closed lists, so nothing can be injected), so
// any plan, generic or custom, can prove the predicate of the list's partial trigram index.
const literalText = <T extends string>(value: T, allowed: readonly T[]): string => {
  if (!allowed.includes(value)) throw new Error(`Unexpected value ${value}`);
  return `'${value}'`;
};
const literal = <T extends string>(value: T, allowed: readonly T[]): SQL =>
  sql.raw(literalText(value, allowed));

// Reads answer with the records as the database keeps them ready, JSON text (partes_registros,
// migration 0004): a page is its rows' texts joined, so the API neither maps rows nor serialises
// them again (docs/decisions/0010-partes-lecturas.md).

const SORT_SQL = {
  nombre: '(p.nombre_busqueda COLLATE "C")',
  documento: '(p.documento COLLATE "C")',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
} as const satisfies Record<ParteSort['field'], string>;

/**
 * Parameters of one statement, numbered as they are added. A value added under a `name` a second
 * time reuses its placeholder (activo filters both the rows and the counters).
 */
const parametersOf = () => {
  const values: PreparedValue[] = [];
  const named = new Map<string, string>();
  return {
    values,
    add: (value: PreparedValue, name?: string) => {
      const known = name === undefined ? undefined : named.get(name);
      if (known) return known;
      values.push(value);
      const placeholder = `$${values.length}`;
      if (name !== undefined) named.set(name, placeholder);
      return placeholder;
    },
  };
};
type StatementParameters = ReturnType<typeof parametersOf>;

/** `order by` of the list: the sort index's expression, the id as the stable tiebreak. */
const orderOf = ({ field, direction }: ParteSort): string =>
  `${SORT_SQL[field]} ${direction}, p.id ${direction}`;

// Only the values are parameters; the shape of the statement depends on which filters are set, so
// each shape is prepared once and planned for its own indexes.
const whereOf = (filter: ParteFilter, parameters: StatementParameters): string => {
  const parts = [
    `p.tipo = ${literalText(filter.tipo, PARTE_TIPOS)}`,
    `p.empresa = ${literalText(filter.empresa, EMPRESAS)}`,
  ];
  if (filter.activo !== undefined)
    parts.push(`p.activo = ${parameters.add(filter.activo, 'activo')}`);
  if (filter.search)
    parts.push(`p.busqueda like ${parameters.add(`%${escapeLike(filter.search)}%`)}`);
  // busqueda holds the lower-cased documento too: the trigram index narrows, the second test
  // keeps only matches inside documento.
  if (filter.documento) {
    parts.push(
      `p.busqueda like ${parameters.add(`%${escapeLike(filter.documento.toLowerCase())}%`)}`,
      `p.documento like ${parameters.add(`%${escapeLike(filter.documento)}%`)}`,
    );
  }
  if (filter.documentoExact) parts.push(`p.documento = ${parameters.add(filter.documentoExact)}`);
  return parts.join(' and ');
};

/** Whether a filter narrows by text (and so is counted, not read from the counters). */
const hasMatchFilter = (filter: ParteFilter): boolean =>
  Boolean(filter.search || filter.documento || filter.documentoExact);

/** One page of a list: its records as a JSON array text, and the size of the whole list. */
export type ListPageJson = { data: string; total: number };

export type PartesRepository = ReturnType<typeof createPartesRepository>;

/**
 * The party operations on one database. Writes take an optional executor: a service runs several
 * of them (and the address check) in one transaction, see `transaction`.
 */
export const createPartesRepository = (database: Database) => {
  const { db } = database;
  return {
    /** The database itself, for the platform services the module calls (history). */
    database,

    /** Runs `work` in one transaction; its `tx` goes to every operation of the write. */
    transaction: <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(work),

    /** One record's JSON text, or undefined. */
    findJson: async (
      tipo: ParteTipo,
      id: string,
      executor: Executor = db,
    ): Promise<string | undefined> => {
      const [row] = await rowsOf<{ record: string }>(
        executor,
        sql`select r.registro as record from ${partes} p join ${partesRegistros} r on r.id = p.id
             where p.tipo = ${literal(tipo, PARTE_TIPOS)} and p.id = ${id}`,
      );
      return row?.record;
    },

    /** Records' JSON texts by id, in the order of `ids` (ids not found are skipped). */
    findJsonByIds: async (
      tipo: ParteTipo,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<string[]> => {
      if (ids.length === 0) return [];
      const rows = await rowsOf<{ record: string }>(
        executor,
        sql`select r.registro as record
              from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as wanted(id, position)
              join ${partes} p on p.id = wanted.id
              join ${partesRegistros} r on r.id = p.id
             where p.tipo = ${literal(tipo, PARTE_TIPOS)}
             order by wanted.position`,
      );
      return rows.map((row) => row.record);
    },

    /**
     * One page and its total in one prepared statement. Without a text filter the page's ids walk a
     * sort index and the total comes from the counters; with one, the matches are collected through
     * the trigram (or unique) index first: the CTE is read twice, page and count, so PostgreSQL
     * materialises it instead of walking a sort index and filtering, a bet that takes hundreds of
     * milliseconds on rare terms. Then the page's records, joined in page order.
     */
    listPageJson: async (
      filter: ParteFilter,
      sort: ParteSort,
      page: { limit: number; offset: number },
    ): Promise<ListPageJson> => {
      const parameters = parametersOf();
      const where = whereOf(filter, parameters);
      const limit = parameters.add(page.limit);
      const offset = parameters.add(page.offset);
      const sortKey = SORT_SQL[sort.field];
      const byKey = (alias: string) =>
        `${alias}.sort_key ${sort.direction}, ${alias}.id ${sort.direction}`;
      const records = `(select '[' || coalesce(string_agg(r.registro, ',' order by ${byKey('page')}), '') || ']'
          from page join partes_registros r on r.id = page.id)`;
      const text = hasMatchFilter(filter)
        ? `with matches as materialized (
             select p.id, ${sortKey} as sort_key from partes p where ${where}),
           page as (
             select m.id, m.sort_key from matches m order by ${byKey('m')} limit ${limit} offset ${offset})
           select (select count(*) from matches) as total, ${records} as data`
        : `with page as (
             select p.id, ${sortKey} as sort_key from partes p where ${where}
              order by ${orderOf(sort)} limit ${limit} offset ${offset})
           select (select coalesce(sum(t.total), 0) from partes_totales t
                    where t.tipo = ${literalText(filter.tipo, PARTE_TIPOS)}
                      and t.empresa = ${literalText(filter.empresa, EMPRESAS)}
                      ${filter.activo === undefined ? '' : `and t.activo = ${parameters.add(filter.activo, 'activo')}`}) as total,
                  ${records} as data`;
      const [row] = await database.queryPrepared<{ total: string | number; data: string }>(
        text,
        parameters.values,
      );
      if (!row) throw new Error('The list statement returned no row');
      return { data: row.data, total: Number(row.total) };
    },

    /** All ids matching a filter, in list order (for the export, which then reads them in batches). */
    allIds: async (filter: ParteFilter, sort: ParteSort): Promise<string[]> => {
      const parameters = parametersOf();
      const rows = await database.queryPrepared<{ id: string }>(
        `select p.id from partes p where ${whereOf(filter, parameters)} order by ${orderOf(sort)}`,
        parameters.values,
      );
      return rows.map((row) => row.id);
    },

    /** The new record's id. */
    insert: async (
      tipo: ParteTipo,
      empresa: Empresa,
      values: ParteValues,
      audit: Audit,
      executor: Executor = db,
    ): Promise<string> => {
      const [row] = await executor
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
    },

    /** Locks the row for the rest of the transaction and tells its empresa and version. */
    lock: async (
      tipo: ParteTipo,
      id: string,
      tx: Tx,
    ): Promise<{ empresa: Empresa; version: number } | undefined> => {
      const [row] = await tx
        .select({ empresa: partes.empresa, version: partes.version })
        .from(partes)
        .where(and(eq(partes.tipo, tipo), eq(partes.id, id)))
        .for('update');
      return row;
    },

    update: async (
      tipo: ParteTipo,
      id: string,
      values: ParteValues,
      audit: Audit,
      executor: Executor = db,
    ): Promise<void> => {
      await executor
        .update(partes)
        .set({
          ...values,
          updatedAt: audit.at,
          updatedBySub: audit.sub,
          updatedByEmail: audit.email,
          version: sql`${partes.version} + 1`,
        })
        .where(and(eq(partes.tipo, tipo), eq(partes.id, id)));
    },
  };
};

/** The unique index a second record with the same documento (same tipo and empresa) runs into. */
export const DOCUMENTO_UNIQUE_CONSTRAINT = 'partes_tipo_empresa_documento_key';
