import {
  CAMION_SORT_FIELDS,
  ESTADO_CAMION_LABELS,
  TIPO_CAMION_LABELS,
  TIPOS_CAMION,
  type CamionSortField,
} from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  type ListState,
  type ListStateCodec,
  type SelectFilter,
} from '../../../lib/list-state.js';
import type { CamionListParams } from '../api/flota-keys.js';

// The fleet list's URL state (§5.1): the kit's, plus Estado, Tipo, the "Vencimientos próximos"
// switch (`vencimientos=30`) and the tab (`vista=conductores`).

const ESTADOS = ['en_servicio', 'activo', 'en_taller', 'baja', 'todos'] as const;
type EstadoFilter = (typeof ESTADOS)[number];
type TipoFilter = 'todos' | (typeof TIPOS_CAMION)[number];

export const ESTADO_OPTIONS = ESTADOS.map((value) => ({
  value,
  label:
    value === 'en_servicio'
      ? 'En servicio'
      : value === 'todos'
        ? 'Todos'
        : value === 'activo'
          ? 'Activos'
          : ESTADO_CAMION_LABELS[value],
}));
export const TIPO_OPTIONS: { value: TipoFilter; label: string }[] = [
  { value: 'todos', label: 'Todos los tipos' },
  ...TIPOS_CAMION.map((tipo) => ({ value: tipo, label: TIPO_CAMION_LABELS[tipo] })),
];

const selectOf = <V extends string>(values: readonly V[], fallback: V): SelectFilter<V> =>
  Object.fromEntries(
    values.map((value) => [value, value === fallback ? undefined : value]),
  ) as Record<V, string | undefined>;

type Filters = {
  estado: EstadoFilter;
  tipo: TipoFilter;
  vencimientos: 'no' | '30';
  vista: 'vehiculos' | 'conductores';
};
export type CamionListState = ListState<CamionSortField, Filters>;

export const CAMION_LIST_STATE: ListStateCodec<CamionSortField, Filters> = createListState<
  CamionSortField,
  Filters
>({
  sortFields: CAMION_SORT_FIELDS,
  defaultSort: { field: 'matricula', direction: 'asc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 10,
  filters: {
    estado: selectOf<EstadoFilter>(ESTADOS, 'en_servicio'),
    tipo: selectOf<TipoFilter>(['todos', ...TIPOS_CAMION], 'todos'),
    vencimientos: { no: undefined, '30': '30' },
    vista: { vehiculos: undefined, conductores: 'conductores' },
  },
});

/** What GET /api/camiones receives for a list state. */
export const toListParams = (state: CamionListState): CamionListParams => ({
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  estado:
    state.estado === 'en_servicio'
      ? 'activo,en_taller'
      : state.estado === 'todos'
        ? undefined
        : state.estado,
  tipo: state.tipo === 'todos' ? undefined : state.tipo,
  vencimientos: state.vencimientos === '30' ? 30 : undefined,
  sort: formatSort(state.sort),
});
