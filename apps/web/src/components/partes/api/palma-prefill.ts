import { EMPTY_DIRECCION, type Direccion } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';

type Named = { _id: string; nombre: string };

// SPEC 4.6: the candidate names, tried in order at each level.
export const PALMA_CANDIDATES = {
  pais: ['España'],
  provincia: ['Illes Balears', 'Islas Baleares'],
  municipio: ['Palma de Mallorca', 'Palma'],
  ciudad: ['Palma de Mallorca', 'Palma'],
} as const;

/** SPEC 7: the list is read from data or from the body; the first element is taken. */
const firstOf = (body: unknown): Named | undefined => {
  const list =
    typeof body === 'object' && body !== null && 'data' in body
      ? (body as { data: unknown }).data
      : body;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'object' &&
    first !== null &&
    typeof (first as Named)._id === 'string' &&
    typeof (first as Named).nombre === 'string'
    ? (first as Named)
    : undefined;
};

const lookup = async (
  api: ApiClient,
  level: string,
  names: readonly string[],
  parent: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<Named | undefined> => {
  for (const nombre of names) {
    const found = firstOf(
      await api.get<unknown>(`/api/localizacion/${level}`, {
        query: { nombre, ...parent },
        ...(signal ? { signal } : {}),
      }),
    );
    if (found) return found;
  }
  return undefined;
};

/**
 * España › Illes Balears › Palma for a new party's empty address. Levels are filled as far as
 * they are found; any failed call leaves the address empty (the caller ignores the rejection).
 */
export const findPalmaAddress = async (
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Direccion | undefined> => {
  const pais = await lookup(api, 'paises', PALMA_CANDIDATES.pais, {}, signal);
  if (!pais) return undefined;
  const direccion: Direccion = { ...EMPTY_DIRECCION, paisId: pais._id, pais: pais.nombre };
  const provincia = await lookup(
    api,
    'provincias',
    PALMA_CANDIDATES.provincia,
    { paisId: pais._id },
    signal,
  );
  if (!provincia) return direccion;
  Object.assign(direccion, { provinciaId: provincia._id, provincia: provincia.nombre });
  const municipio = await lookup(
    api,
    'municipios',
    PALMA_CANDIDATES.municipio,
    { provinciaId: provincia._id },
    signal,
  );
  if (!municipio) return direccion;
  Object.assign(direccion, { municipioId: municipio._id, municipio: municipio.nombre });
  const ciudad = await lookup(
    api,
    'ciudades',
    PALMA_CANDIDATES.ciudad,
    { municipioId: municipio._id },
    signal,
  );
  if (ciudad) Object.assign(direccion, { ciudadId: ciudad._id, ciudad: ciudad.nombre });
  return direccion;
};
