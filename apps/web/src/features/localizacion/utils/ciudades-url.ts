import type { LocationLevel } from '../levels.js';

/**
 * The cities screen keeps its state in the query string, so reload and back restore it:
 * `pais`, `provincia`, `municipio`, `ciudad` hold the chosen path (each only counts when the one
 * above is there), and `buscar…` holds each list's search text.
 */

export const PATH_LEVELS = ['pais', 'provincia', 'municipio', 'ciudad'] as const;
export type PathLevel = (typeof PATH_LEVELS)[number];
export type HierarchyPath = Record<PathLevel, string | null>;

export const SEARCH_PARAMS = {
  pais: 'buscarPais',
  provincia: 'buscarProvincia',
  municipio: 'buscarMunicipio',
  ciudad: 'buscarCiudad',
  calle: 'buscarCalle',
  codigoPostal: 'buscarCodigoPostal',
} as const satisfies Record<LocationLevel, string>;

// The lists shown under each depth of the path; a city shows its streets and postal codes.
const LISTS_BELOW: Readonly<Record<PathLevel | 'raiz', readonly LocationLevel[]>> = {
  raiz: ['pais'],
  pais: ['provincia'],
  provincia: ['municipio'],
  municipio: ['ciudad'],
  ciudad: ['calle', 'codigoPostal'],
};

const depthOf = (level: LocationLevel): number => {
  const order: readonly LocationLevel[] = [...PATH_LEVELS, 'calle', 'codigoPostal'];
  return Math.min(order.indexOf(level), PATH_LEVELS.length);
};

export const readPath = (params: URLSearchParams): HierarchyPath => {
  const path: HierarchyPath = { pais: null, provincia: null, municipio: null, ciudad: null };
  for (const level of PATH_LEVELS) {
    const id = params.get(level)?.trim();
    if (!id) break;
    path[level] = id;
  }
  return path;
};

/** The deepest chosen level, or null at the root. */
export const deepestLevel = (path: HierarchyPath): PathLevel | null =>
  [...PATH_LEVELS].reverse().find((level) => path[level] !== null) ?? null;

export const listsFor = (path: HierarchyPath): readonly LocationLevel[] =>
  LISTS_BELOW[deepestLevel(path) ?? 'raiz'];

/**
 * The query string that shows the lists below `level` with `id` chosen there (null level: the
 * root). Deeper choices are dropped, and so are the searches of lists that are no longer on the
 * way; the search of the list just below survives only if the choice there did not change.
 */
export const pathSearch = (
  params: URLSearchParams,
  level: PathLevel | null,
  id: string | null = null,
): string => {
  const next = new URLSearchParams(params);
  const keepDepth = level === null ? -1 : PATH_LEVELS.indexOf(level);
  const changed = level !== null && params.get(level) !== id;
  PATH_LEVELS.forEach((pathLevel, depth) => {
    if (depth > keepDepth) next.delete(pathLevel);
  });
  if (level !== null && id !== null) next.set(level, id);
  for (const [listLevel, param] of Object.entries(SEARCH_PARAMS) as [LocationLevel, string][]) {
    const depth = depthOf(listLevel);
    if (depth > keepDepth + 1 || (changed && depth === keepDepth + 1)) next.delete(param);
  }
  const search = next.toString();
  return search === '' ? '' : `?${search}`;
};

/** The query string with one list's search text set (or removed when blank). */
export const searchSearch = (
  params: URLSearchParams,
  level: LocationLevel,
  text: string,
): string => {
  const next = new URLSearchParams(params);
  if (text.trim() === '') next.delete(SEARCH_PARAMS[level]);
  else next.set(SEARCH_PARAMS[level], text);
  const search = next.toString();
  return search === '' ? '' : `?${search}`;
};
