import { ESTADOS_MAQUINA } from './catalogos.js';

// The sort fields and filters the machine and component lists render with. No zod here: a list's
// first render would otherwise load the schemas, which maquinas.ts and componentes.ts build at
// load (issue 13, decision 0046). Both modules build their schemas from these and re-export them.

export const COMPONENTE_SORT_FIELDS = [
  'codigo',
  'nombre',
  'categoria',
  'disponible',
  'pesoKg',
  'precioDia',
  'updatedAt',
] as const;
export type ComponenteSortField = (typeof COMPONENTE_SORT_FIELDS)[number];

export const MAQUINA_SORT_FIELDS = [
  'codigoInterno',
  'marca',
  'anio',
  'horometro',
  'tarifaDia',
  'updatedAt',
] as const;
export type MaquinaSortField = (typeof MAQUINA_SORT_FIELDS)[number];

export const FILTROS_ESTADO_MAQUINA = ['activas', 'todas', ...ESTADOS_MAQUINA] as const;
export const FILTROS_AVISO_MAQUINA = ['con_avisos', 'revision_vencida', 'documentacion'] as const;

/** The longest date range a free-machine query may span, in days. */
export const MAX_DIAS_CONSULTA = 366;
