import {
  LIMITS,
  PARTE_PAGE_SIZES,
  PARTE_SORT_FIELDS,
  type Empresa,
  type ParteSortField,
} from '@tvsistema/domain';
import type { ParteListParams } from '../features/partes/api/get-partes.js';

// The list state lives in the URL query (issue 5), so reload and back restore it. Defaults are
// left out of the URL to keep links short; anything unreadable falls back to its default.

export const LIST_VIEWS = ['cards', 'list'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export const ACTIVO_FILTERS = ['todos', 'activos', 'inactivos'] as const;
export type ActivoFilter = (typeof ACTIVO_FILTERS)[number];

export type SortDirection = 'asc' | 'desc';
export type ListSort = { field: ParteSortField; direction: SortDirection };

export type ListState = {
  q: string;
  activo: ActivoFilter;
  page: number;
  limit: number;
  view: ListView;
  sort: ListSort;
};

export const DEFAULT_LIST_STATE: ListState = {
  q: '',
  activo: 'todos',
  page: 1,
  limit: LIMITS.proveedores.defaultPageSize,
  view: 'cards',
  sort: { field: 'nombre', direction: 'asc' },
};

const ACTIVO_PARAM = { activos: 'true', inactivos: 'false' } as const;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** `nombre` ascending, `-nombre` descending (the API's sort syntax). */
export const parseSort = (value: string | null): ListSort => {
  if (!value) return DEFAULT_LIST_STATE.sort;
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  return isOneOf(PARTE_SORT_FIELDS, field)
    ? { field, direction: descending ? 'desc' : 'asc' }
    : DEFAULT_LIST_STATE.sort;
};

export const formatSort = ({ field, direction }: ListSort): string =>
  direction === 'desc' ? `-${field}` : field;

/** Clicking a column: a new field sorts ascending, the same field flips direction. */
export const toggleSort = (current: ListSort, field: ParteSortField): ListSort =>
  current.field === field
    ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { field, direction: 'asc' };

const positiveInt = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 ? number : undefined;
};

export const parseListState = (params: URLSearchParams): ListState => {
  const activoParam = params.get('activo');
  const limit = positiveInt(params.get('limit'));
  const view = params.get('view');
  return {
    q: params.get('q') ?? '',
    activo: activoParam === 'true' ? 'activos' : activoParam === 'false' ? 'inactivos' : 'todos',
    page: positiveInt(params.get('page')) ?? DEFAULT_LIST_STATE.page,
    limit:
      limit !== undefined && (PARTE_PAGE_SIZES as readonly number[]).includes(limit)
        ? limit
        : DEFAULT_LIST_STATE.limit,
    view: isOneOf(LIST_VIEWS, view) ? view : DEFAULT_LIST_STATE.view,
    sort: parseSort(params.get('sort')),
  };
};

export const listStateToParams = (state: ListState): URLSearchParams => {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.activo !== 'todos') params.set('activo', ACTIVO_PARAM[state.activo]);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_LIST_STATE.limit) params.set('limit', String(state.limit));
  if (state.view !== DEFAULT_LIST_STATE.view) params.set('view', state.view);
  const sort = formatSort(state.sort);
  if (sort !== formatSort(DEFAULT_LIST_STATE.sort)) params.set('sort', sort);
  return params;
};

/** What GET /api/{resource} receives for a list state. */
export const toListParams = (state: ListState, empresa: Empresa): ParteListParams => ({
  empresa,
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  activo: state.activo === 'todos' ? undefined : state.activo === 'activos',
  sort: formatSort(state.sort),
});

export const hasFilters = (state: ListState): boolean =>
  state.q.trim() !== '' || state.activo !== 'todos';
