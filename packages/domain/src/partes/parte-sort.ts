import { LIMITS } from '../limits.js';
import { formatSort, LIST_MESSAGES, parseSort, type ListSort } from '../lists/list-sort.js';

// The party lists' page sizes and order. No zod here: the supplier and client lists read them on
// their first render, and parte-list-query.ts builds its schemas at load (decision 0046).

export const PARTE_PAGE_SIZES = LIMITS.proveedores.pageSizes;
export const PARTE_SORT_FIELDS = ['nombre', 'documento', 'createdAt', 'updatedAt'] as const;
export type ParteSortField = (typeof PARTE_SORT_FIELDS)[number];

export type ParteSort = ListSort<ParteSortField>;

/** The list's order when the query names none: by name, A to Z. */
export const DEFAULT_PARTE_SORT: ParteSort = { field: 'nombre', direction: 'asc' };

/**
 * Reads `sort` as `nombre`, `-nombre` (descending) or `nombre:desc`; undefined for anything else,
 * so the API can refuse it. No value means DEFAULT_PARTE_SORT.
 */
export const parseParteSort = (sort: string | undefined): ParteSort | undefined =>
  parseSort(sort, PARTE_SORT_FIELDS, DEFAULT_PARTE_SORT);

/** The query-string form of a sort, as parseParteSort reads it (`nombre` or `-nombre`). */
export const formatParteSort: (sort: ParteSort) => string = formatSort;

export const PARTE_LIST_MESSAGES = {
  sortInvalid: LIST_MESSAGES.sortInvalid(PARTE_SORT_FIELDS),
} as const;
