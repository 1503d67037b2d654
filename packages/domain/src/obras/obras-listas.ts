// The sort fields the works and operarios lists render with. No zod here: the list's first render
// would otherwise load the schemas, which obra-schemas.ts and operario-schemas.ts build at load
// (issue 13, decision 0046); both build their query schemas from these and re-export them.

export const OBRA_SORT_FIELDS = [
  'fechaInicioPrevista',
  'codigo',
  'nombre',
  'cliente',
  'estado',
  'progreso',
  'updatedAt',
] as const;
export type ObraSortField = (typeof OBRA_SORT_FIELDS)[number];

export const OPERARIO_SORT_FIELDS = ['nombre', 'documento', 'updatedAt'] as const;
