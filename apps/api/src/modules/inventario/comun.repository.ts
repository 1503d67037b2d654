import { sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { pageMetaOf, type PageMeta, type SortDirection } from '@tvsistema/domain/lists';
import type { Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { filasJson } from './lectura.repository.js';

// SQL pieces every inventario repository shares: search, filters, order, paging, audit fields.

/** `busqueda LIKE %term%` on a trigram-indexed column, or nothing without a term. */
export const filtroBusqueda = (columna: SQL, termino: string | undefined): SQL | undefined =>
  termino ? sql`${columna} like ${`%${escapeLike(normalizeSearchText(termino))}%`}` : undefined;

export const dondeTodos = (condiciones: (SQL | undefined)[]): SQL => {
  const presentes = condiciones.filter((c): c is SQL => c !== undefined);
  return presentes.length === 0 ? sql`true` : sql.join(presentes, sql` and `);
};

/** `order by` a sort column and the id (stable pages). */
export const ordenPor = (columna: SQL, direction: SortDirection, id: SQL): SQL =>
  direction === 'desc'
    ? sql`${columna} desc nulls last, ${id} desc`
    : sql`${columna} asc nulls last, ${id} asc`;

/** One page of `select <json> as r from <from> where … order by …`, with its total. */
export const paginaDe = async <R>(
  executor: Executor,
  {
    json,
    from,
    where,
    orderBy,
    page,
    limit,
  }: { json: SQL; from: SQL; where: SQL; orderBy: SQL; page: number; limit: number },
): Promise<{ data: R[]; meta: PageMeta }> => {
  const [total] = await filasJson<{ total: number }>(
    executor,
    sql`select count(*)::int as total from ${from} where ${where}`,
  );
  const data = await filasJson<{ r: R }>(
    executor,
    sql`select ${json} as r from ${from} where ${where} order by ${orderBy}
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { data: data.map((row) => row.r), meta: pageMetaOf(page, limit, total?.total ?? 0) };
};

/** The audit fields of an inventario record (`auditoriaFields`), from table alias `t`. */
export const auditoriaJson = (t: string) =>
  `'_id', ${t}.id, 'empresa', ${t}.empresa, 'version', ${t}.version,
    'createdAt', to_char(${t}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', coalesce(${t}.created_by_email, ${t}.created_by_sub),
    'updatedAt', to_char(${t}.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedBy', coalesce(${t}.updated_by_email, ${t}.updated_by_sub)`;

/** A timestamp column as the API's ISO text. */
export const isoSql = (columna: string) =>
  `to_char(${columna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A numeric column as its decimal text (`"95.00"`), null kept. */
export const numericTexto = (columna: string) => `${columna}::text`;
