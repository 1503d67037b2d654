import {
  DIRECCION_CHECK_MESSAGES,
  DIRECCION_LEVELS,
  DIRECCION_PARENT,
  direccionIdKey,
  direccionIdsOf,
} from '@tvsistema/domain/localizacion';
import type {
  Direccion,
  DireccionIds,
  DireccionLevel,
  DireccionParsed,
} from '@tvsistema/domain/localizacion';
import type { Executor } from '../../db/executor.js';
import { isUuid } from '../../http/schemas.js';
import { createDireccionRepository } from './direccion.repository.js';
import type { DireccionLevels } from './direccion.repository.js';

const M = DIRECCION_CHECK_MESSAGES;

// Each chosen level must sit under the chosen level above it (SPEC 4.7); a ciudad under both its
// provincia and its municipio.
const PARENT_OK: Partial<
  Record<DireccionLevel, (levels: DireccionLevels, ids: DireccionIds) => boolean>
> = {
  provincia: (l, ids) => l.provincia?.paisId === ids.paisId,
  municipio: (l, ids) => l.municipio?.provinciaId === ids.provinciaId,
  ciudad: (l, ids) =>
    l.ciudad?.municipioId === ids.municipioId && l.ciudad?.provinciaId === ids.provinciaId,
  calle: (l, ids) => l.calle?.ciudadId === ids.ciudadId,
  codigoPostal: (l, ids) => l.codigoPostal?.ciudadId === ids.ciudadId,
};

export type DireccionCheck = {
  /** Field messages (`direccion.provinciaId: …`); empty when the address is consistent. */
  errors: string[];
  /** The address with the current name of every chosen level; null when none was sent. */
  direccion: Direccion | null;
};

/**
 * Checks an address before a write, in the writer's transaction, with one query: every chosen
 * level exists and belongs to the chosen level above it. `field` names the body field in the
 * messages (`direccion` for suppliers and clients).
 */
export const validateDireccion = async (
  executor: Executor,
  input: DireccionParsed | undefined,
  field = 'direccion',
): Promise<DireccionCheck> => {
  const ids = direccionIdsOf(input);
  // A malformed id cannot exist; asking the database would only make it complain about the type.
  const wellFormed = direccionIdsOf(
    Object.fromEntries(
      Object.entries(ids).map(([key, id]) => [key, id !== null && isUuid(id) ? id : null]),
    ),
  );
  const levels = await createDireccionRepository(executor).findLevels(wellFormed);

  const errors: string[] = [];
  const chosen = (level: DireccionLevel) => ids[direccionIdKey(level)] !== null;
  for (const level of DIRECCION_LEVELS) {
    if (!chosen(level)) continue;
    const fieldName = `${field}.${direccionIdKey(level)}`;
    if (!levels[level]) {
      errors.push(`${fieldName}: ${M.notFound[level]}`);
      continue;
    }
    const parent = DIRECCION_PARENT[level];
    if (parent && !chosen(parent)) {
      errors.push(`${fieldName}: ${M.parentMissing[level]}`);
      continue;
    }
    const ok = PARENT_OK[level];
    if (ok && parent && levels[parent] && !ok(levels, ids)) {
      errors.push(`${fieldName}: ${M.wrongParent[level]}`);
    }
  }

  const direccion = input
    ? ({
        ...Object.fromEntries(
          DIRECCION_LEVELS.flatMap((level) => [
            [direccionIdKey(level), ids[direccionIdKey(level)]],
            [level, levels[level]?.nombre ?? null],
          ]),
        ),
        altura: input.altura,
        planta: input.planta,
        local: input.local,
        observacion: input.observacion,
      } as Direccion)
    : null;
  return { errors, direccion };
};

/** The answer to a write whose address lost a level after the check (the foreign key refused it). */
export const direccionVanishedError = (field = 'direccion'): string => `${field}: ${M.vanished}`;
