import { z } from '../zod-es.js';
import { textSchema } from '../text/text.js';
import { LIST_MESSAGES, parseSort } from './list-sort.js';

// The list state every paged resource keeps in the URL (page, page size, search, order) and the
// paging it answers with. A module's list query is this plus its own filters.

// Sorting lives in list-sort.ts, without zod: list screens import it on their first render.
export {
  formatSort,
  LIST_MESSAGES,
  parseSort,
  SORT_DIRECTIONS,
  type ListSort,
  type SortDirection,
} from './list-sort.js';

export const LIST_SEARCH_MAX = 200;

/** A query-string value left empty (`?searchTerm=`) means "not given". */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export type ListQueryOptions<F extends string> = {
  sortFields: readonly F[];
  defaultLimit: number;
  maxLimit: number;
};

/**
 * The fields of a list query: page (from 1), limit (1…maxLimit), searchTerm (trimmed, at most 200
 * characters) and sort (one of `sortFields`, checked here so a wrong one is a 400 naming the
 * field). `sort` stays the text the client sent; parseSort turns it into a field and a direction.
 * A module spreads them among its own filters (the order of the fields is the order of the 400's
 * messages and of the OpenAPI parameters).
 */
export const listQueryFields = <F extends string>({
  sortFields,
  defaultLimit,
  maxLimit,
}: ListQueryOptions<F>) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  searchTerm: z.preprocess(blankToUndefined, textSchema().trim().max(LIST_SEARCH_MAX).optional()),
  /** `field`, `-field` (descending) or `field:desc`. */
  sort: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .refine(
        (sort) =>
          sort === undefined ||
          parseSort(sort, sortFields, { field: sortFields[0] as F, direction: 'asc' }) !==
            undefined,
        { error: LIST_MESSAGES.sortInvalid(sortFields) },
      ),
  ),
});

/** A list query with no filters of its own. */
export const listQuerySchema = <F extends string>(options: ListQueryOptions<F>) =>
  z.object(listQueryFields(options));

/**
 * `/:id` of a record. Any text passes: a malformed id is the API's 404 (such a record cannot
 * exist), not a 400.
 */
export const idParamsSchema = z.object({ id: z.string() });

/** The paging of a list answer: the page asked for and the size of the whole list. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export type PageMeta = z.output<typeof pageMetaSchema>;
export type Paginated<T> = { data: T[]; meta: PageMeta };

/** The meta of a page of `limit` rows out of `total`. */
export const pageMetaOf = (page: number, limit: number, total: number): PageMeta => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});
