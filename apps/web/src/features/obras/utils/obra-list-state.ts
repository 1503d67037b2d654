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

type TipoFilter = 'todos' | (typeof TIPOS_TRABAJO)[number];
type EstadoObra = (typeof ESTADOS_OBRA)[number];

/** §5.5 Estado chips: the estados chosen; none in the URL means the default (open works). */
export const estadosDe = (estado: string): EstadoObra[] =>
  estado === 'todas'
    ? []
    : estado === ''
      ? [...ESTADOS_OBRA_ABIERTOS]
      : ESTADOS_OBRA.filter((e) => estado.split(',').includes(e));

/** The `estado` URL value after a chip is toggled. */
export const alternarEstado = (estado: string, chip: EstadoObra): string => {
  const actuales = estadosDe(estado);
  const siguientes = actuales.includes(chip)
    ? actuales.filter((e) => e !== chip)
    : ESTADOS_OBRA.filter((e) => e === chip || actuales.includes(e));
  const abiertas = [...ESTADOS_OBRA_ABIERTOS].sort().join(',');
  if (siguientes.length === 0) return 'todas';
  return [...siguientes].sort().join(',') === abiertas ? '' : siguientes.join(',');
};

export const ESTADO_CHIPS = ESTADOS_OBRA.map((value) => ({
  value,
  label: ESTADO_OBRA_LABEL[value],
}));
export const TIPO_OPTIONS: { value: TipoFilter; label: string }[] = [
  { value: 'todos', label: T.tipoTodos },
  ...TIPOS_TRABAJO.map((value) => ({ value, label: TIPO_TRABAJO_LABEL[value] })),
];

const selectOf = <V extends string>(values: readonly V[], fallback: V): SelectFilter<V> =>
  Object.fromEntries(
    values.map((value) => [value, value === fallback ? undefined : value]),
  ) as Record<V, string | undefined>;

type SelectFilters = { tipo: TipoFilter };
export type ObraFilters = SelectFilters & {
  estado: string;
  desde: string;
  hasta: string;
  obra: string;
};
export type ObraListState = ListState<ObraSortField, ObraFilters>;

const base = createListState<ObraSortField, SelectFilters>({
  sortFields: OBRA_SORT_FIELDS,
  defaultSort: { field: 'fechaInicioPrevista', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    tipo: selectOf<TipoFilter>(['todos', ...TIPOS_TRABAJO], 'todos'),
  },
});

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** An `estado` from the URL: `todas`, known estados only, or '' (the default). */
const estadoDe = (value: string | null): string => {
  if (value === 'todas') return 'todas';
  const validos = (value ?? '')
    .split(',')
    .filter((e) => (ESTADOS_OBRA as readonly string[]).includes(e));
  return validos.join(',');
};
const fechaDe = (value: string | null): string => (value && FECHA.test(value) ? value : '');

export const OBRA_LIST_STATE: ListStateCodec<ObraSortField, ObraFilters> = {
  defaults: { ...base.defaults, estado: '', desde: '', hasta: '', obra: '' },
  pageSizes: base.pageSizes,
  parseSort: base.parseSort,
  parse: (params) => ({
    ...base.parse(params),
    estado: estadoDe(params.get('estado')),
    desde: fechaDe(params.get('desde')),
    hasta: fechaDe(params.get('hasta')),
    obra: params.get('obra') ?? '',
  }),
  toParams: (state) => {
    const params = base.toParams(state);
    if (state.estado) params.set('estado', state.estado);
    if (state.desde) params.set('desde', state.desde);
    if (state.hasta) params.set('hasta', state.hasta);
    if (state.obra) params.set('obra', state.obra);
    return params;
  },
  hasFilters: (state) =>
    base.hasFilters(state) || state.estado !== '' || state.desde !== '' || state.hasta !== '',
  cleared: { ...base.cleared, estado: '', desde: '', hasta: '' },
};

/** What GET /api/obras receives for a list state. */
export const toListParams = (state: ObraListState): ObraListParams => ({
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  estado: state.estado === 'todas' ? undefined : estadosDe(state.estado).join(','),
  tipoTrabajo: state.tipo === 'todos' ? undefined : state.tipo,
  desde: state.desde || undefined,
  hasta: state.hasta && (!state.desde || state.hasta >= state.desde) ? state.hasta : undefined,
  sort: formatSort(state.sort),
});
