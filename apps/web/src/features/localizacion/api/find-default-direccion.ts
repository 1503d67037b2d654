import { queryOptions, useQuery } from '@tanstack/react-query';
import { EMPTY_DIRECCION, normalizeSearchText, type Direccion } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { LocationFilters, LocationLevel, LocationRecord } from '../levels.js';
import { localizacionKeys } from './localizacion-keys.js';
import { listLocations } from './list-locations.js';

/** SPEC 4.6: the names tried, in order, for the address a new supplier starts with. */
export const DEFAULT_DIRECCION_CANDIDATES = {
  pais: ['ESPAÑA'],
  provincia: ['ILLES BALEARS', 'ISLAS BALEARES'],
  municipio: ['PALMA DE MALLORCA', 'PALMA'],
  ciudad: ['PALMA DE MALLORCA', 'PALMA'],
} as const;

const names = (record: LocationRecord): string[] => {
  if ('valor' in record) return [record.valor];
  const alternative = 'nombreAlternativo' in record ? record.nombreAlternativo : null;
  return alternative ? [record.nombre, alternative] : [record.nombre];
};

// The search is partial: prefer the record whose name is the candidate, else the first answer.
const lookup = async (
  api: ApiClient,
  level: LocationLevel,
  candidates: readonly string[],
  filters: LocationFilters,
  signal?: AbortSignal,
): Promise<LocationRecord | null> => {
  for (const candidate of candidates) {
    const { data } = await listLocations(api, level, { search: candidate, filters }, 1, signal);
    const wanted = normalizeSearchText(candidate);
    const exact = data.find((record) =>
      names(record).some((name) => normalizeSearchText(name) === wanted),
    );
    if (exact ?? data[0]) return exact ?? data[0] ?? null;
  }
  return null;
};

/**
 * España / Illes Balears / Palma as a `Direccion`, or null when any level is missing or a lookup
 * fails: SPEC 4.6 leaves the address empty then rather than half filled.
 */
export const findDefaultDireccion = async (
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Direccion | null> => {
  try {
    const C = DEFAULT_DIRECCION_CANDIDATES;
    const pais = await lookup(api, 'pais', C.pais, {}, signal);
    if (!pais) return null;
    const provincia = await lookup(api, 'provincia', C.provincia, { paisId: pais._id }, signal);
    if (!provincia) return null;
    const municipio = await lookup(
      api,
      'municipio',
      C.municipio,
      { provinciaId: provincia._id },
      signal,
    );
    if (!municipio) return null;
    const ciudad = await lookup(
      api,
      'ciudad',
      C.ciudad,
      { provinciaId: provincia._id, municipioId: municipio._id },
      signal,
    );
    if (!ciudad) return null;
    return {
      ...EMPTY_DIRECCION,
      paisId: pais._id,
      pais: names(pais)[0] ?? null,
      provinciaId: provincia._id,
      provincia: names(provincia)[0] ?? null,
      municipioId: municipio._id,
      municipio: names(municipio)[0] ?? null,
      ciudadId: ciudad._id,
      ciudad: names(ciudad)[0] ?? null,
    };
  } catch (error) {
    // A cancelled query must stay cancelled; any other failure just means "no prefill".
    if (signal?.aborted) throw error;
    return null;
  }
};

export const defaultDireccionQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: [...localizacionKeys.all, 'direccion-por-defecto'] as const,
    queryFn: ({ signal }) => findDefaultDireccion(api, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The prefill of SPEC 4.6 for a create form; `data` is null when it could not be found. */
export const useDefaultDireccion = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const api = useApiClient();
  return useQuery({ ...defaultDireccionQueryOptions(api), enabled });
};
