// The vehicle list's sort fields. No zod here: the list's first render would otherwise load the
// schemas, which schemas.ts builds at load (issue 13, decision 0046); schemas.ts builds its query
// schema from them and re-exports them.

export const CAMION_SORT_FIELDS = [
  'matricula',
  'tipo',
  'marca',
  'estado',
  'itvHasta',
  'kmActual',
  'updatedAt',
] as const;
export type CamionSortField = (typeof CAMION_SORT_FIELDS)[number];
