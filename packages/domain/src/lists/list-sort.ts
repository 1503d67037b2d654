// A list's order: the fields it sorts by, `field` / `-field` / `field:desc` in the query string.
// No zod here: the web's list screens read and write the order on their first render, and a
// module that builds schemas at load would bring zod's core (≈ 26 KB gzip) into that render
// (decision 0046). The query schemas are in list-query.ts.

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type ListSort<F extends string> = { field: F; direction: SortDirection };

export const LIST_MESSAGES = {
  sortInvalid: (fields: readonly string[]): string =>
    `El orden debe ser uno de ${fields.join(', ')}, con "-" delante o ":desc" detrás para descendente`,
} as const;

const SORT_PATTERN = /^(-)?([A-Za-z]+)(?::(asc|desc))?$/;

/**
 * Reads `sort` as `field`, `-field` (descending) or `field:desc`; undefined for anything else or a
 * field not in the list. No value means `defaultSort`.
 */
export const parseSort = <F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  defaultSort: ListSort<F>,
): ListSort<F> | undefined => {
  if (sort === undefined) return defaultSort;
  const match = SORT_PATTERN.exec(sort.trim());
  if (!match) return undefined;
  const [, minus, field, suffix] = match;
  if (minus && suffix) return undefined;
  if (!(fields as readonly string[]).includes(field ?? '')) return undefined;
  return {
    field: field as F,
    direction: minus ? 'desc' : ((suffix as SortDirection | undefined) ?? 'asc'),
  };
};

/** The query-string form of a sort, as parseSort reads it (`nombre` or `-nombre`). */
export const formatSort = <F extends string>({ field, direction }: ListSort<F>): string =>
  direction === 'desc' ? `-${field}` : field;
