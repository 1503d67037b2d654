import { z } from '../zod-es.js';
import { esFechaValida, FECHA_MESSAGES } from './dias.js';

// The calendar-day schema; the arithmetic lives in dias.ts, without zod (decision 0046).
export * from './dias.js';

/** A required calendar day. */
export const fechaSchema = (mensaje: string = FECHA_MESSAGES.invalida) =>
  z.string({ error: mensaje }).refine(esFechaValida, { error: mensaje });
