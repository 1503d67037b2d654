import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { optionalIfMatch } from '../../http/versioning.js';
import { invalidData } from '../../http/errors.js';
import { VERSION_MESSAGES } from '@tvsistema/domain/versiones';

/** A DELETE's version: `?version=` or `If-Match` (the same number when both come). */
export const versionBorrado = (request: FastifyRequest, query: number | undefined) => {
  const header = optionalIfMatch(request);
  if (header !== undefined && query !== undefined && header !== query)
    throw invalidData([`version: ${VERSION_MESSAGES.mismatch}`]);
  return header ?? query;
};

/** A 204's (empty) body in a route's response schema. */
export const sinContenido = z.null().describe('Sin contenido');
