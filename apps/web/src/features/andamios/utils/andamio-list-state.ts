import {
  CATEGORIAS_COMPONENTE,
  COMPONENTE_SORT_FIELDS,
  type CategoriaComponente,
  type ComponenteSortField,
} from '@tvsistema/domain/inventario';
import {
  createListState,
  formatSort,
  type ListState,
  type ListStateCodec,
  type SelectFilter,
} from '../../../lib/list-state.js';
import type { AndamioListParams } from '../api/andamios-api.js';

type SelectFilters = {
  categoria: 'todas' | CategoriaComponente;
  estado: 'activos' | 'inactivos' | 'todos';
  bajoMinimo: 'no' | 'si';
  sobrerreserva: 'no' | 'si';
};
/** The select filters of the kit plus Sistema, a free text (`sistema` in the URL). */
export type AndamioListFilters = SelectFilters & { sistema: string };
export type AndamioListState = ListState<ComponenteSortField, AndamioListFilters>;

const categoriaFilter = {
  todas: undefined,
  ...Object.fromEntries(CATEGORIAS_COMPONENTE.map((c) => [c, c])),
} as unknown as SelectFilter<SelectFilters['categoria']>;

const base = createListState<ComponenteSortField, SelectFilters>({
  sortFields: COMPONENTE_SORT_FIELDS,
  defaultSort: { field: 'codigo', direction: 'asc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    categoria: categoriaFilter,
    estado: { activos: undefined, inactivos: 'inactivos', todos: 'todos' },
    bajoMinimo: { no: undefined, si: 'true' },
    sobrerreserva: { no: undefined, si: 'true' },
  },
});

/**
 * §5.4's URL state: the kit's codec with Sistema added (the kit's filters are selects; the
 * systems are whatever the catalogue names, so Sistema is typed).
 */
export const ANDAMIO_LIST_STATE: ListStateCodec<ComponenteSortField, AndamioListFilters> = {
  ...base,
  defaults: { ...base.defaults, sistema: '' },
  parse: (params) => ({ ...base.parse(params), sistema: params.get('sistema') ?? '' }),
  toParams: (state) => {
    const params = base.toParams(state);
    const sistema = state.sistema.trim();
    if (sistema) params.set('sistema', sistema);
    return params;
  },
  hasFilters: (state) => base.hasFilters(state) || state.sistema.trim() !== '',
  cleared: { ...base.cleared, sistema: '' },
};

/** What GET /api/andamios receives for a list state. */
export const toAndamioParams = (state: AndamioListState): AndamioListParams => ({
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  categoria: state.categoria === 'todas' ? undefined : state.categoria,
  sistema: state.sistema.trim() || undefined,
  activo: state.estado === 'todos' ? undefined : state.estado === 'activos',
  bajoMinimo: state.bajoMinimo === 'si' ? true : undefined,
  sobrerreserva: state.sobrerreserva === 'si' ? true : undefined,
  sort: formatSort(state.sort),
});
