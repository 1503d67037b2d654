import { z } from '../zod-es.js';
import { LIMITS } from '../limits.js';
import { blankToUndefined, listQueryFields } from '../lists/list-query.js';
import { EMPRESAS } from '../systems/empresa.js';
import { textSchema } from '../text/text.js';
import { PARTE_SORT_FIELDS } from './parte-sort.js';

// GET /api/proveedores and /api/clientes (SPEC 7, issue 5): the list state the UI keeps in the URL.
// Its page sizes and order are in parte-sort.ts, which the list screens import without zod.

export const PARTE_LIST_MAX_LIMIT = 100;

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
