import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  blankToUndefined,
  formatSort,
  LIST_MESSAGES,
  listQueryFields,
  parseSort,
} from '../lists/list-query.js';
import type { ListSort } from '../lists/list-query.js';
import { EMPRESAS } from '../systems/empresa.js';
import { textSchema } from '../text/text.js';

// GET /api/proveedores and /api/clientes (SPEC 7, issue 5): the list state the UI keeps in the URL.

export const PARTE_PAGE_SIZES = LIMITS.proveedores.pageSizes;
export const PARTE_LIST_MAX_LIMIT = 100;
export const PARTE_SORT_FIELDS = ['nombre', 'documento', 'createdAt', 'updatedAt'] as const;
export type ParteSortField = (typeof PARTE_SORT_FIELDS)[number];

const { page, limit, searchTerm, sort } = listQueryFields({
  sortFields: PARTE_SORT_FIELDS,
  defaultLimit: LIMITS.proveedores.defaultPageSize,
  maxLimit: PARTE_LIST_MAX_LIMIT,
});

export const parteListQuerySchema = z.object({
  empresa: z.enum(EMPRESAS),
  page,
  limit,
  searchTerm,
  activo: z
    .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  documento: z.preprocess(blankToUndefined, textSchema().trim().max(30).optional()),
  documentoExact: z.preprocess(
    blankToUndefined,
    textSchema().trim().toUpperCase().max(30).optional(),
  ),
  sort,
});

/** The export's query: the list's filters and order, every row (no page). */
export const parteExportQuerySchema = parteListQuerySchema.omit({ page: true, limit: true });

export type ParteListQuery = z.output<typeof parteListQuerySchema>;
export type ParteExportQuery = z.output<typeof parteExportQuerySchema>;

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
