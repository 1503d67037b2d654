import {
  ESTADO_MAQUINA_LABELS,
  FILTROS_AVISO_MAQUINA,
  INVENTARIO_MESSAGES as M,
  MAQUINA_SORT_FIELDS,
  MAX_DIAS_CONSULTA,
  TIPO_MAQUINA,
  TIPOS_MAQUINA,
  type MaquinaSortField,
} from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  type ListState,
  type ListStateCodec,
  type SelectFilter,
} from '../../../lib/list-state.js';
import type { MaquinaListParams } from '../api/maquina-keys.js';

// The machine list's URL state (inventario.md §5.1): the kit's, plus Tipo, Estado, Avisos and
// the "Libre entre" dates.

const ESTADO_FILTERS = [
  'activas',
  'disponible',
  'alquilada',
  'en_taller',
  'baja',
  'todas',
] as const;
export type EstadoFilter = (typeof ESTADO_FILTERS)[number];
export type TipoFilter = 'todos' | (typeof TIPOS_MAQUINA)[number];
export type AvisoFilter = 'todos' | (typeof FILTROS_AVISO_MAQUINA)[number];

export const ESTADO_OPTIONS = ESTADO_FILTERS.map((value) => ({
  value,
  label:
    value === 'activas'
      ? 'Activas (sin bajas)'
      : value === 'todas'
        ? 'Todas'
        : ESTADO_MAQUINA_LABELS[value],
}));

export const TIPO_OPTIONS: { value: TipoFilter; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  ...TIPOS_MAQUINA.map((tipo) => ({ value: tipo, label: TIPO_MAQUINA[tipo].label })),
];

export const AVISO_LABELS: Record<AvisoFilter, string> = {
  todos: 'Todos',
  con_avisos: 'Con avisos',
  revision_vencida: 'Revisión vencida',
  documentacion: 'Documentación caducada',
};
export const AVISO_OPTIONS = (Object.keys(AVISO_LABELS) as AvisoFilter[]).map((value) => ({
  value,
  label: AVISO_LABELS[value],
}));

const selectOf = <V extends string>(values: readonly V[], fallback: V): SelectFilter<V> =>
  Object.fromEntries(
    values.map((value) => [value, value === fallback ? undefined : value]),
  ) as Record<V, string | undefined>;

type SelectFilters = { tipo: TipoFilter; estado: EstadoFilter; aviso: AvisoFilter };
export type MaquinaFilters = SelectFilters & { libreDesde: string; libreHasta: string };
export type MaquinaListState = ListState<MaquinaSortField, MaquinaFilters>;

export const MAQUINA_PAGE_SIZES = [10, 20, 30, 50] as const;

const base = createListState<MaquinaSortField, SelectFilters>({
  sortFields: MAQUINA_SORT_FIELDS,
  defaultSort: { field: 'codigoInterno', direction: 'asc' },
  pageSizes: MAQUINA_PAGE_SIZES,
  defaultPageSize: 20,
  filters: {
    tipo: selectOf<TipoFilter>(['todos', ...TIPOS_MAQUINA], 'todos'),
    estado: selectOf<EstadoFilter>(ESTADO_FILTERS, 'activas'),
    aviso: selectOf<AvisoFilter>(['todos', ...FILTROS_AVISO_MAQUINA], 'todos'),
  },
});

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const fechaDe = (value: string | null): string => (value && FECHA.test(value) ? value : '');

/** The list's codec: the kit's select filters plus the two dates (`libreDesde`, `libreHasta`). */
export const MAQUINA_LIST_STATE: ListStateCodec<MaquinaSortField, MaquinaFilters> = {
  // §5.1: the list view by default (the kit's default is cards); phones show cards anyway.
  defaults: { ...base.defaults, view: 'list', libreDesde: '', libreHasta: '' },
  pageSizes: base.pageSizes,
  parseSort: base.parseSort,
  parse: (params) => ({
    ...base.parse(params),
    view: params.get('view') === 'cards' ? 'cards' : 'list',
    libreDesde: fechaDe(params.get('libreDesde')),
    libreHasta: fechaDe(params.get('libreHasta')),
  }),
  toParams: (state) => {
    const params = base.toParams(state);
    params.delete('view');
    if (state.view === 'cards') params.set('view', 'cards');
    if (state.libreDesde) params.set('libreDesde', state.libreDesde);
    if (state.libreHasta) params.set('libreHasta', state.libreHasta);
    return params;
  },
  hasFilters: (state) =>
    base.hasFilters(state) || state.libreDesde !== '' || state.libreHasta !== '',
  cleared: { ...base.cleared, libreDesde: '', libreHasta: '' },
};

const DIA_MS = 86_400_000;

/** Why the "Libre entre" dates cannot be asked for yet (R4: both or none, in order, ≤ 366 days). */
export const libreError = (desde: string, hasta: string): string | undefined => {
  if (!desde && !hasta) return undefined;
  if (!desde || !hasta) return M.libreAmbas;
  if (hasta < desde) return M.rangoInvertido;
  const dias = (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS + 1;
  return dias > MAX_DIAS_CONSULTA ? M.rangoMaximo : undefined;
};

/** What GET /api/maquinaria receives for a list state; an incomplete date range is left out. */
export const toListParams = (state: MaquinaListState): MaquinaListParams => {
  const libre =
    state.libreDesde && state.libreHasta && !libreError(state.libreDesde, state.libreHasta);
  return {
    page: state.page,
    limit: state.limit,
    searchTerm: state.q.trim() || undefined,
    tipo: state.tipo === 'todos' ? undefined : state.tipo,
    estado: state.estado,
    aviso: state.aviso === 'todos' ? undefined : state.aviso,
    libreDesde: libre ? state.libreDesde : undefined,
    libreHasta: libre ? state.libreHasta : undefined,
    sort: formatSort(state.sort),
  };
};
