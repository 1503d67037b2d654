import { z } from 'zod';
import { idParamsSchema, pageMetaSchema } from '@tvsistema/domain/lists';

// Response and parameter schemas every module's routes share (OpenAPI and serialisation).

/** The body of every error answer: `{ message }`, with `errors` (field messages) on a 400. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});

/** An error answer that never carries field messages (401 of the session routes). */
export const messageErrorSchema = errorSchema.pick({ message: true });

/** `/:id` of a record: any text passes; isUuid keeps a malformed one away from SQL (a 404). */
export { idParamsSchema };

// The form PostgreSQL's uuid type prints.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** `{ data: [...], meta: { page, limit, total, totalPages } }`. */
export const pageResponseSchema = <T extends z.ZodType>(record: T) =>
  z.object({ data: z.array(record), meta: pageMetaSchema });
