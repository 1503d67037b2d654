import type { LocationEntity } from '@tvsistema/domain/localizacion';
import type { Database, SqlRunner } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { LevelDefinition, ParentField } from './localizacion.levels.js';

// The only file of the location API that writes SQL. Identifiers come from LEVEL_SQL (or, for the
// dependency counts, from pg_catalog); every value is a $n parameter.

export type LocationRow = Record<string, unknown> & { _id: string; version: number };

/** A level's SQL: its table, the select list that makes the API record, its order and search. */
type LevelSql = {
  table: LocationTable;
  /** `_id` plus the fields of the domain schema. */
  columns: string;
  /** Alphabetical order, then a unique key so pages never overlap. */
  orderBy: string;
  /** Columns compared (partial, LIKE) with the normalised search text. */
  search: readonly string[];
};

export const LOCATION_TABLES = [
  'paises',
  'provincias',
  'municipios',
  'ciudades',
  'calles',
  'codigos_postales',
] as const;
export type LocationTable = (typeof LOCATION_TABLES)[number];

const NAME_ORDER = 'nombre_busqueda collate "C", nombre collate "C", id';

const LEVEL_SQL = {
  pais: {
    table: 'paises',
    columns: 'id::text as "_id", nombre, codigo, version',
    orderBy: NAME_ORDER,
    search: ['nombre_busqueda'],
  },
  provincia: {
    table: 'provincias',
    columns:
      'id::text as "_id", nombre, nombre_alternativo as "nombreAlternativo", pais_id::text as "paisId", codigo, version',
    orderBy: NAME_ORDER,
    // "islas baleares" finds the province officially named "ILLES BALEARS".
    search: ['nombre_busqueda', 'nombre_alternativo_busqueda'],
  },
  municipio: {
    table: 'municipios',
    columns: 'id::text as "_id", nombre, provincia_id::text as "provinciaId", codigo, version',
    orderBy: NAME_ORDER,
    search: ['nombre_busqueda'],
  },
  ciudad: {
    table: 'ciudades',
    columns:
      'id::text as "_id", nombre, provincia_id::text as "provinciaId", municipio_id::text as "municipioId", version',
    orderBy: NAME_ORDER,
    search: ['nombre_busqueda'],
  },
  calle: {
    table: 'calles',
    columns: 'id::text as "_id", nombre, ciudad_id::text as "ciudadId", version',
    orderBy: NAME_ORDER,
    search: ['nombre_busqueda'],
  },
  codigoPostal: {
    table: 'codigos_postales',
    columns: 'id::text as "_id", valor, ciudad_id::text as "ciudadId", activo, version',
    orderBy: 'valor collate "C", id',
    search: ['valor'],
  },
} as const satisfies Record<LocationEntity, LevelSql>;

const ENTITY_OF_TABLE = Object.fromEntries(
  Object.entries(LEVEL_SQL).map(([entity, { table }]) => [table, entity]),
) as Readonly<Record<LocationTable, LocationEntity>>;

/** Which level a table of this module holds; undefined for other modules' tables (uses). */
export const entityOfTable = (table: string): LocationEntity | undefined =>
  (LOCATION_TABLES as readonly string[]).includes(table)
    ? ENTITY_OF_TABLE[table as LocationTable]
    : undefined;

/** `nombreBusqueda` → `nombre_busqueda`, `paisId` → `pais_id`: a field's column. */
const columnOf = (field: string): string =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Column values by field name (`nombre`, `nombreBusqueda`, `paisId`, `activo`…). */
export type LocationValues = Readonly<Record<string, unknown>>;

export type ListParams = {
  /** Parent filters: field = value (values already checked to be uuids). */
  filters: readonly { field: ParentField; value: string }[];
  /** Normalised search text, or undefined for no text filter. */
  text: string | undefined;
  limit: number;
  offset: number;
};

/** Rows of one table that reference a location, by the table's own name. */
export type ReferenceCount = { table: string; total: number };

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export type LocalizacionRepository = ReturnType<typeof createLocalizacionRepository>;

export const createLocalizacionRepository = (database: Database) => {
  const query = <Row>(text: string, params: readonly unknown[] = []) =>
    database.withSession((session) => session.query<Row>(text, params));
  /** The caller's transaction when it passes one (writes with their history), else the pool. */
  const on =
    (runner: SqlRunner | undefined) =>
    <Row>(text: string, params: readonly unknown[] = []) =>
      runner ? runner.query<Row>(text, params) : query<Row>(text, params);

  return {
    /** The database itself, for the platform services the module calls (history). */
    database,

    /** Runs `work` in one transaction: a write and its history commit or roll back together. */
    transaction: <T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> =>
      database.withSession((session) => session.transaction(work)),

    /**
     * One page, limit rows at most. With text: names containing it, those that start with it
     * first, each group alphabetically (on the accent-free form, byte order, the same on every
     * engine); without: alphabetically.
     */
    list: async ({ entity }: LevelDefinition, params: ListParams): Promise<LocationRow[]> => {
      const level = LEVEL_SQL[entity];
      const values: unknown[] = [];
      const add = (value: unknown) => `$${values.push(value)}`;
      const filters = params.filters.map(
        ({ field, value }) => `${columnOf(field)} = ${add(value)}`,
      );
      if (params.text === undefined) {
        const page = ` limit ${add(params.limit)} offset ${add(params.offset)}`;
        const where = filters.length > 0 ? ` where ${filters.join(' and ')}` : '';
        return query<LocationRow>(
          `select ${level.columns} from ${level.table}${where} order by ${level.orderBy}${page}`,
          values,
        );
      }
      // Names that start with the text come first, then the others that contain it, as two
      // queries: the first is a range scan of the "C"-collated index that stops at this page, and
      // the second (a scan of every name) runs only when the first does not fill the page. Two
      // short queries cost less than sorting every match of a short text ("ma": ~700 municipios).
      const base = values.length;
      const startsWith = `${escapeLike(params.text)}%`;
      const contains = `%${escapeLike(params.text)}%`;
      // "starts with" compares in "C" so the btree index (in "C") gives the range; "contains" does
      // not: a collation on it would keep the trigram index out (LIKE matches alike in both).
      const any = (pattern: string, wrap = (test: string) => test, collate = ' collate "C"') =>
        `(${level.search.map((c) => wrap(`${c}${collate} like ${pattern}`)).join(' or ')})`;
      const where = (conditions: string[]) => [...filters, ...conditions].join(' and ');
      const startWhere = where([any(`$${base + 1}`)]);
      const first = await query<LocationRow>(
        `select ${level.columns} from ${level.table} where ${startWhere}` +
          ` order by ${level.orderBy} limit $${base + 2} offset $${base + 3}`,
        [...values, startsWith, params.limit, params.offset],
      );
      if (first.length === params.limit) return first;
      // How many start with the text: known from this page unless the page lies beyond them all.
      const starting =
        first.length > 0 || params.offset === 0
          ? params.offset + first.length
          : ((
              await query<{ n: number }>(
                `select count(*)::int as n from ${level.table} where ${startWhere}`,
                [...values, startsWith],
              )
            )[0]?.n ?? 0);
      const rest = await query<LocationRow>(
        `select ${level.columns} from ${level.table} where ${where([
          any(`$${base + 1}`, undefined, ''),
          // coalesce: a null alternative name must not make "does not start with" unknown.
          `not ${any(`$${base + 2}`, (test) => `coalesce(${test}, false)`)}`,
        ])} order by ${level.orderBy} limit $${base + 3} offset $${base + 4}`,
        [
          ...values,
          contains,
          startsWith,
          params.limit - first.length,
          Math.max(0, params.offset - starting),
        ],
      );
      return [...first, ...rest];
    },

    findById: async ({ entity }: LevelDefinition, id: string): Promise<LocationRow | undefined> => {
      const level = LEVEL_SQL[entity];
      return (
        await query<LocationRow>(`select ${level.columns} from ${level.table} where id = $1`, [id])
      )[0];
    },

    /** Throws the database's error on a duplicate (23505) or a missing parent (23503). */
    insert: async (
      { entity }: LevelDefinition,
      values: LocationValues,
      runner?: SqlRunner,
    ): Promise<LocationRow> => {
      const level = LEVEL_SQL[entity];
      const columns = Object.keys(values).map(columnOf);
      const rows = await on(runner)<LocationRow>(
        `insert into ${level.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning ${level.columns}`,
        Object.values(values),
      );
      const row = rows[0];
      if (!row) throw new Error(`insert into ${level.table} returned no row`);
      return row;
    },

    /**
     * Undefined when no row has that id at that version (absent, or changed meanwhile: the caller
     * tells which). Throws 23505 on a duplicate.
     */
    update: async (
      { entity }: LevelDefinition,
      id: string,
      values: LocationValues,
      version: number,
      runner?: SqlRunner,
    ): Promise<LocationRow | undefined> => {
      const level = LEVEL_SQL[entity];
      const columns = Object.keys(values).map(columnOf);
      const assignments = columns.map((column, i) => `${column} = $${i + 3}`);
      return (
        await on(runner)<LocationRow>(
          `update ${level.table} set ${[...assignments, 'updated_at = now()', 'version = version + 1'].join(', ')} where id = $1 and version = $2 returning ${level.columns}`,
          [id, version, ...Object.values(values)],
        )
      )[0];
    },

    /**
     * Undefined when no row has that id (at that version, when one is given). Throws 23503 while
     * anything still references it.
     */
    remove: async (
      { entity }: LevelDefinition,
      id: string,
      version?: number,
      runner?: SqlRunner,
    ): Promise<LocationRow | undefined> => {
      const level = LEVEL_SQL[entity];
      return (
        await on(runner)<LocationRow>(
          `delete from ${level.table} where id = $1 and ($2::int is null or version = $2::int) returning ${level.columns}`,
          [id, version ?? null],
        )
      )[0];
    },

    /** The provincia a municipio belongs to; undefined when the municipio does not exist. */
    provinciaOfMunicipio: async (municipioId: string): Promise<string | undefined> =>
      (
        await query<{ provinciaId: string }>(
          'select provincia_id::text as "provinciaId" from municipios where id = $1',
          [municipioId],
        )
      )[0]?.provinciaId,

    /**
     * How many rows of every table reference this row, one entry per referencing table (zeros
     * included). The referencing tables and columns are read from pg_catalog, so tables other
     * modules add later (addresses of suppliers, clients…) are counted without this module
     * knowing them. A row that references it through several columns counts once.
     */
    references: async ({ entity }: LevelDefinition, id: string): Promise<ReferenceCount[]> => {
      const level = LEVEL_SQL[entity];
      const foreignKeys = await query<{ target: string; relname: string; columns: string[] }>(
        `select c.conrelid::regclass::text as target, r.relname::text as relname,
                array_agg(a.attname::text order by a.attname) as columns
           from pg_constraint c
           join pg_class r on r.oid = c.conrelid
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.confrelid = $1::regclass and cardinality(c.conkey) = 1
          group by 1, 2
          order by 2`,
        [level.table],
      );
      if (foreignKeys.length === 0) return [];
      // `target` is regclass output: already quoted (and schema-qualified) where needed.
      const counts = foreignKeys.map(
        ({ target, columns }, index) =>
          `select ${index} as i, count(*)::int as total from ${target} where ${columns
            .map((column) => `${quoteIdentifier(column)} = $1`)
            .join(' or ')}`,
      );
      const totals = await query<{ i: number; total: number }>(counts.join(' union all '), [id]);
      return foreignKeys.map(({ relname }, index) => ({
        table: relname,
        total: totals.find((row) => row.i === index)?.total ?? 0,
      }));
    },
  };
};
