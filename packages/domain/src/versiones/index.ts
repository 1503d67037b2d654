import { z } from '../zod-es.js';

// Optimistic concurrency (modules/README.md "Concurrency"): every editable record carries an
// integer `version`, 1 when created and one more at each change. An update says which version it
// read; when the record has moved on meanwhile, nothing is written and the user is told so.

export const VERSION_MESSAGES = {
  /** 409: the exact text of modules/README.md. */
  stale: 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
  /** 400 `version: …` when a PUT says nothing of the version it read. */
  missing: 'Indica la versión del registro que editas (campo version o cabecera If-Match).',
  /** 400 `version: …` when If-Match and the body disagree. */
  mismatch: 'La versión del cuerpo no coincide con la cabecera If-Match.',
  /** 400 `version: …` for anything but a positive whole number. */
  invalid: 'La versión debe ser un número entero positivo.',
} as const;

/** A record's version as it travels: a positive whole number. */
export const versionSchema = z
  .number({ error: VERSION_MESSAGES.invalid })
  .int({ error: VERSION_MESSAGES.invalid })
  .positive({ error: VERSION_MESSAGES.invalid });

/** The field an update body may carry (If-Match is the other way). */
export const versionField = { version: versionSchema.optional() };

/** The `ETag` of a version (a strong validator: the version names the representation). */
export const versionTag = (version: number) => `"${version}"`;

/**
 * The version an `If-Match` header names (`"7"` or `W/"7"`): undefined when there is no header,
 * null when it names none (a list, `*`, or no number).
 */
export const versionFromIfMatch = (header: string | undefined): number | null | undefined => {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  const version = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(version) && version > 0 ? version : null;
};
