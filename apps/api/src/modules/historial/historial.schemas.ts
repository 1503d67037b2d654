import { z } from 'zod';
import { entradaHistorialSchema } from '@tvsistema/domain/historial';
import { pageMetaSchema } from '@tvsistema/domain/lists';

/** `GET …/{id}/historial`: a page of entries, newest first. */
export const historialResponseSchema = z.object({
  data: z.array(entradaHistorialSchema),
  meta: pageMetaSchema,
});
