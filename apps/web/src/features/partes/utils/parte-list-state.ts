import {
  DEFAULT_PARTE_SORT,
  LIMITS,
  PARTE_PAGE_SIZES,
  PARTE_SORT_FIELDS,
  type Empresa,
  type ParteSortField,
} from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  type ListState as KitListState,
} from '../../../lib/list-state.js';
import type { ParteListParams } from '../api/get-partes.js';

export { toggleSort } from '../../../lib/list-state.js';

export const ACTIVO_FILTERS = ['todos', 'activos', 'inactivos'] as const;
export type ActivoFilter = (typeof ACTIVO_FILTERS)[number];

export type ParteListFilters = { activo: ActivoFilter };
export type ListState = KitListState<ParteSortField, ParteListFilters>;

/** The party lists' URL state: the kit's, plus the activo filter (`activo=true|false`). */
export const PARTE_LIST_STATE = createListState<ParteSortField, ParteListFilters>({
  sortFields: PARTE_SORT_FIELDS,
  defaultSort: DEFAULT_PARTE_SORT,
  pageSizes: PARTE_PAGE_SIZES,
  defaultPageSize: LIMITS.proveedores.defaultPageSize,
  filters: { activo: { todos: undefined, activos: 'true', inactivos: 'false' } },
});

export const DEFAULT_LIST_STATE = PARTE_LIST_STATE.defaults;
export const parseListState = PARTE_LIST_STATE.parse;
export const listStateToParams = PARTE_LIST_STATE.toParams;

/** What GET /api/{resource} receives for a list state. */
export const toListParams = (state: ListState, empresa: Empresa): ParteListParams => ({
  empresa,
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  activo: state.activo === 'todos' ? undefined : state.activo === 'activos',
  sort: formatSort(state.sort),
});
