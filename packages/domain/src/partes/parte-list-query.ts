import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { EMPRESAS } from '../systems/empresa.js';

// GET /api/proveedores and /api/clientes (SPEC 7, issue 5): the list state the UI keeps in the URL.

export const PARTE_PAGE_SIZES = LIMITS.proveedores.pageSizes;
export const PARTE_LIST_MAX_LIMIT = 100;
export const PARTE_SORT_FIELDS = ['nombre', 'documento', 'createdAt', 'updatedAt'] as const;
export type ParteSortField = (typeof PARTE_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const parteListQuerySchema = z.object({
  empresa: z.enum(EMPRESAS),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PARTE_LIST_MAX_LIMIT)
    .default(LIMITS.proveedores.defaultPageSize),
  searchTerm: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  activo: z
    .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  documento: z.preprocess(blankToUndefined, z.string().trim().max(30).optional()),
  documentoExact: z.preprocess(
    blankToUndefined,
    z.string().trim().toUpperCase().max(30).optional(),
  ),
  /** `nombre`, `-nombre` (descending) or `nombre:desc`. */
  sort: z.preprocess(blankToUndefined, z.string().optional()),
});

export type ParteListQuery = z.output<typeof parteListQuerySchema>;

export type PageMeta = { page: number; limit: number; total: number; totalPages: number };
export type Paginated<T> = { data: T[]; meta: PageMeta };

export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type ParteSort = { field: ParteSortField; direction: SortDirection };

/** The list's order when the query names none: by name, A to Z. */
export const DEFAULT_PARTE_SORT: ParteSort = { field: 'nombre', direction: 'asc' };

const SORT_PATTERN = /^(-)?([A-Za-z]+)(?::(asc|desc))?$/;

/**
 * Reads `sort` as `nombre`, `-nombre` (descending) or `nombre:desc`; undefined for anything else,
 * so the API can refuse it. No value means DEFAULT_PARTE_SORT.
 */
export const parseParteSort = (sort: string | undefined): ParteSort | undefined => {
  if (sort === undefined) return DEFAULT_PARTE_SORT;
  const match = SORT_PATTERN.exec(sort.trim());
  if (!match) return undefined;
  const [, minus, field, suffix] = match;
  if (minus && suffix) return undefined;
  if (!(PARTE_SORT_FIELDS as readonly string[]).includes(field ?? '')) return undefined;
  return {
    field: field as ParteSortField,
    direction: minus ? 'desc' : ((suffix as SortDirection | undefined) ?? 'asc'),
  };
};

/** The query-string form of a sort, as parseParteSort reads it (`nombre` or `-nombre`). */
export const formatParteSort = ({ field, direction }: ParteSort): string =>
  direction === 'desc' ? `-${field}` : field;

export const PARTE_LIST_MESSAGES = {
  sortInvalid: `El orden debe ser uno de ${PARTE_SORT_FIELDS.join(', ')}, con "-" delante o ":desc" detrás para descendente`,
} as const;
