import {
  PREFERENCIAS_MESSAGES,
  PREFERENCIAS_POR_DEFECTO,
  preferenciasSchema,
  type Preferencias,
} from '@tvsistema/domain/preferencias';
import { canAccessSystem, isSystemId } from '@tvsistema/domain/systems';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Executor } from '../../db/executor.js';
import { invalidData } from '../../http/errors.js';
import {
  findPreferencias,
  upsertPreferencias,
  type PreferenciasRow,
} from './preferencias.repository.js';

/**
 * The row as the API answers it. A value the schema no longer accepts reads as its default, and a
 * default system the user's roles stopped reaching reads as none (roles change at the provider).
 */
const preferenciasOf = (user: AuthUser, row: PreferenciasRow | undefined): Preferencias => {
  if (!row) return { ...PREFERENCIAS_POR_DEFECTO };
  const parsed = preferenciasSchema.safeParse({
    sistemaPorDefecto: row.sistemaPorDefecto,
    vistaListas: row.vistaListas,
    tamanoPagina: row.tamanoPagina,
    densidad: row.densidad,
  });
  const stored = parsed.success ? parsed.data : { ...PREFERENCIAS_POR_DEFECTO };
  const sistema = stored.sistemaPorDefecto;
  return {
    ...stored,
    sistemaPorDefecto: sistema && canAccessSystem(user.roles, sistema) ? sistema : null,
  };
};

/** Always the caller's own record: the subject comes from the verified token, never the request. */
export const createPreferenciasService = (executor: Executor) => ({
  get: async (user: AuthUser): Promise<Preferencias> =>
    preferenciasOf(user, await findPreferencias(executor, user.sub)),

  put: async (user: AuthUser, input: Preferencias): Promise<Preferencias> => {
    const sistema = input.sistemaPorDefecto;
    if (sistema && !(isSystemId(sistema) && canAccessSystem(user.roles, sistema))) {
      throw invalidData([`sistemaPorDefecto: ${PREFERENCIAS_MESSAGES.sistemaSinAcceso}`]);
    }
    return preferenciasOf(user, await upsertPreferencias(executor, user.sub, input));
  },
});
