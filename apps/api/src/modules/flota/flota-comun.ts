import { checkSpanishPlate } from '@tvsistema/domain/documento';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';

// What the fleet's services share: who did it, 409s, the search column, audit fields.

export type Usuario = Pick<AuthUser, 'sub' | 'email'> | undefined;

export const nombreUsuario = (user: Usuario): string | null => user?.email ?? user?.sub ?? null;

/** A refused write (409) with the design's text and, when a field is at fault, its entry. */
export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors ? { errors } : {});

/** Separates the parts of a search column, so a term cannot match across two fields. */
export const columnaBusqueda = (...partes: (string | null | undefined)[]) =>
  partes
    .filter((parte): parte is string => Boolean(parte))
    .map(normalizeSearchText)
    .join('\u001f');

export const autoria = (user: Usuario, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

export const idValido = (id: string) => isUuid(id);

export const iso = (fecha: Date | string) =>
  typeof fecha === 'string' ? new Date(fecha).toISOString() : fecha.toISOString();

export const auditoriaDe = (row: {
  id: string;
  version: number;
  createdAt: Date | string;
  createdBySub: string | null;
  createdByEmail: string | null;
  updatedAt: Date | string;
  updatedBySub: string | null;
  updatedByEmail: string | null;
}) => ({
  _id: row.id,
  empresa: 'transporte' as const,
  version: row.version,
  createdAt: iso(row.createdAt),
  createdBy: row.createdByEmail ?? row.createdBySub,
  updatedAt: iso(row.updatedAt),
  updatedBy: row.updatedByEmail ?? row.updatedBySub,
});

/** A plate as shown (the design's spacing), or as stored when it is not a Spanish plate. */
export const matriculaTexto = (matricula: string) =>
  checkSpanishPlate(matricula)?.texto ?? matricula;
