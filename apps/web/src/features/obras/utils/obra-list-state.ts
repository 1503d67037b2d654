import {
  ESTADO_OBRA_LABEL,
  ESTADOS_OBRA,
  ESTADOS_OBRA_ABIERTOS,
  OBRA_SORT_FIELDS,
  TIPO_TRABAJO_LABEL,
  TIPOS_TRABAJO,
  type ObraSortField,
} from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  type ListState,
  type ListStateCodec,
  type SelectFilter,
} from '../../../lib/list-state.js';
import type { ObraListParams } from '../api/obra-keys.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';

// The works list's URL state (flota-obras.md §5.5): the kit's, plus Estado, Tipo de trabajo, the
// Desde/Hasta dates and `obra` (the detail modal that is open).

type EstadoFilter = 'abiertas' | 'todas' | (typeof ESTADOS_OBRA)[number];
type TipoFilter = 'todos' | (typeof TIPOS_TRABAJO)[number];

export const ESTADO_OPTIONS: { value: EstadoFilter; label: string }[] = [
  { value: 'abiertas', label: T.estadoAbiertas },
  ...ESTADOS_OBRA.map((value) => ({ value, label: ESTADO_OBRA_LABEL[value] })),
  { value: 'todas', label: T.estadoTodas },
];
export const TIPO_OPTIONS: { value: TipoFilter; label: string }[] = [
  { value: 'todos', label: T.tipoTodos },
  ...TIPOS_TRABAJO.map((value) => ({ value, label: TIPO_TRABAJO_LABEL[value] })),
];

const selectOf = <V extends string>(values: readonly V[], fallback: V): SelectFilter<V> =>
  Object.fromEntries(
    values.map((value) => [value, value === fallback ? undefined : value]),
  ) as Record<V, string | undefined>;

type SelectFilters = { estado: EstadoFilter; tipo: TipoFilter };
export type ObraFilters = SelectFilters & { desde: string; hasta: string; obra: string };
export type ObraListState = ListState<ObraSortField, ObraFilters>;

const base = createListState<ObraSortField, SelectFilters>({
  sortFields: OBRA_SORT_FIELDS,
  defaultSort: { field: 'fechaInicioPrevista', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: selectOf<EstadoFilter>(['abiertas', 'todas', ...ESTADOS_OBRA], 'abiertas'),
    tipo: selectOf<TipoFilter>(['todos', ...TIPOS_TRABAJO], 'todos'),
  },
});

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const fechaDe = (value: string | null): string => (value && FECHA.test(value) ? value : '');

export const OBRA_LIST_STATE: ListStateCodec<ObraSortField, ObraFilters> = {
  defaults: { ...base.defaults, desde: '', hasta: '', obra: '' },
  pageSizes: base.pageSizes,
  parseSort: base.parseSort,
  parse: (params) => ({
    ...base.parse(params),
    desde: fechaDe(params.get('desde')),
    hasta: fechaDe(params.get('hasta')),
    obra: params.get('obra') ?? '',
  }),
  toParams: (state) => {
    const params = base.toParams(state);
    if (state.desde) params.set('desde', state.desde);
    if (state.hasta) params.set('hasta', state.hasta);
    if (state.obra) params.set('obra', state.obra);
    return params;
  },
  hasFilters: (state) => base.hasFilters(state) || state.desde !== '' || state.hasta !== '',
  cleared: { ...base.cleared, desde: '', hasta: '' },
};

/** What GET /api/obras receives for a list state. */
export const toListParams = (state: ObraListState): ObraListParams => ({
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  estado:
    state.estado === 'todas'
      ? undefined
      : state.estado === 'abiertas'
        ? ESTADOS_OBRA_ABIERTOS.join(',')
        : state.estado,
  tipoTrabajo: state.tipo === 'todos' ? undefined : state.tipo,
  desde: state.desde || undefined,
  hasta: state.hasta && (!state.desde || state.hasta >= state.desde) ? state.hasta : undefined,
  sort: formatSort(state.sort),
});
