import { canAccessEmpresa } from '@tvsistema/domain/systems';
import { userDisplayName, type AuthUser } from '../../auth/auth.plugin.js';
import { API_MESSAGES, HttpError } from '../../http/errors.js';

// What the obras services share: who did it, 409s and empresa scoping (decision 9 behaviour).

export type Usuario = Pick<AuthUser, 'sub' | 'email' | 'name'> & { roles?: AuthUser['roles'] };

/** A refused write (409) with the rule's text and the fields it concerns. */
export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors && errors.length > 0 ? { errors } : {});

/** 403 for a list or a create when the caller's roles do not reach Trabajos Verticales. */
export const comprobarAlcance = (user: Usuario | undefined) => {
  if (user?.roles && !canAccessEmpresa(user.roles, 'verticales'))
    throw new HttpError(403, API_MESSAGES.forbidden);
};

/** The creator / modifier columns of an insert or update. */
export const autoria = (user: Usuario | undefined, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

/**
 * The person a record names (an obra's responsable, who closed a parte: flota-obras.md §2.3, §4.9):
 * the display name of the token, else the email, else the subject (`userDisplayName`).
 */
export const nombreUsuario = (user: Usuario | undefined) => userDisplayName(user);
