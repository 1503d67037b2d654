import { z } from '../zod-es.js';
import { LIST_PAGE_SIZES, LIST_VIEWS } from '../lists/list-views.js';
import { SYSTEM_IDS } from '../systems/systems.js';
import { PREFERENCIAS_MESSAGES } from './preferencias-textos.js';
import { DENSIDADES, type Preferencias } from './preferencias-valores.js';

// The payload of PUT /api/preferencias and the answer of GET, as zod schemas (the API validates
// with them; the values and defaults are in preferencias-valores.ts, the texts in preferencias-textos.ts).

const M = PREFERENCIAS_MESSAGES;

/**
 * PUT /api/preferencias: the whole record (the last save wins; nobody else writes it). A null view
 * or page size leaves each list its own default; a null system leaves the choice to the user.
 */
export const preferenciasInputSchema = z.object({
  sistemaPorDefecto: z.enum(SYSTEM_IDS, { error: M.sistemaInvalido }).nullable(),
  vistaListas: z.enum(LIST_VIEWS, { error: M.vistaInvalida }).nullable(),
  tamanoPagina: z
    .union(
      LIST_PAGE_SIZES.map((size) => z.literal(size)),
      { error: M.tamanoInvalido },
    )
    .nullable(),
  densidad: z.enum(DENSIDADES, { error: M.densidadInvalida }),
});

export type PreferenciasInput = z.input<typeof preferenciasInputSchema>;

/**
 * GET /api/preferencias: the stored record, or the defaults for a user who never saved one. Typed
 * as the hand-written record, which the compiler checks against the schema's output.
 */
export const preferenciasSchema: z.ZodType<Preferencias> = preferenciasInputSchema;
