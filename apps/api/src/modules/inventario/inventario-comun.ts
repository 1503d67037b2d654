import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';

// What every inventario resource shares: who did it, 409s, search, paging and the audit fields.

export type Usuario = Pick<AuthUser, 'sub' | 'email'> | undefined;

/** Who a ledger row names: the e-mail when the token has one, else the subject. */
export const nombreUsuario = (user: Usuario): string | null => user?.email ?? user?.sub ?? null;

/** A refused write (409) with the §4 text, and the field it concerns when there is one. */
export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors ? { errors } : {});

/** Separates the parts of a search column, so a term cannot match across two fields. */
const SEPARADOR = '\u001f';

/** The search column: normalised (accents and case off) parts, joined. */
export const columnaBusqueda = (...partes: (string | null | undefined)[]) =>
  partes
    .filter((parte): parte is string => Boolean(parte))
    .map(normalizeSearchText)
    .join(SEPARADOR);

/** The creator / modifier columns of an insert or update. */
export const autoria = (user: Usuario, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

/** A record id from the URL: a malformed one cannot exist (404, as partes). */
export const idValido = (id: string) => isUuid(id);
