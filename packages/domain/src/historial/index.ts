import { z } from '../zod-es.js';

// History (modules/README.md "History"): every create, update, state change and delete of a
// record writes one audit row — who, when, what record, which action, and the fields it changed
// with their old and new values — in the same transaction as the change.

// `prorrogar` / `acortar`: a rental's "Cambiar fin" (comercial.md §3.2, history "Prorrogado" /
// "Acortado").
export const ACCIONES_HISTORIAL = [
  'crear',
  'modificar',
  'cambiar_estado',
  'eliminar',
  'prorrogar',
  'acortar',
] as const;
export type AccionHistorial = (typeof ACCIONES_HISTORIAL)[number];

/** How each action is shown (the "Historial" tab). */
export const ACCION_HISTORIAL_LABELS: Readonly<Record<AccionHistorial, string>> = {
  crear: 'Creación',
  modificar: 'Modificación',
  cambiar_estado: 'Cambio de estado',
  eliminar: 'Eliminación',
  prorrogar: 'Prorrogado',
  acortar: 'Acortado',
};

/** One changed field: its name in the API record and its values before and after. */
export const cambioSchema = z.object({
  campo: z.string(),
  anterior: z.unknown(),
  nuevo: z.unknown(),
});
export type Cambio = z.output<typeof cambioSchema>;

/** One history entry as the API answers it. */
export const entradaHistorialSchema = z.object({
  _id: z.string(),
  fecha: z.string(),
  usuario: z.string().nullable(),
  accion: z.enum(ACCIONES_HISTORIAL),
  cambios: z.array(cambioSchema),
});
export type EntradaHistorial = z.output<typeof entradaHistorialSchema>;

/** Query of a record's history: newest first, pages of 10 (at most 50). */
export const historialQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type HistorialQuery = z.output<typeof historialQuerySchema>;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Values compared by content: key order of objects does not count. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  ) ?? 'null';

/**
 * The fields among `campos` whose value differs between `antes` and `despues`. A creation is
 * `antes` = undefined (its non-empty fields), a deletion `despues` = undefined (its non-empty
 * fields, now gone). Empty values ('' , [], null) are the same "nothing".
 */
export const cambiosEntre = (
  antes: Readonly<Record<string, unknown>> | undefined,
  despues: Readonly<Record<string, unknown>> | undefined,
  campos: readonly string[],
): Cambio[] =>
  campos.flatMap((campo) => {
    const anterior = antes?.[campo] ?? null;
    const nuevo = despues?.[campo] ?? null;
    if (isEmpty(anterior) && isEmpty(nuevo)) return [];
    if (canonical(anterior) === canonical(nuevo)) return [];
    return [{ campo, anterior, nuevo }];
  });
