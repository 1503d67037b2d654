import { useCallback, useContext } from 'react';
// The data router's context is React Router's own, exported for libraries as UNSAFE_: it is the one
// way to read the router's location while a transition keeps an older screen rendered.
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { LIST_VIEWS, type ListView, type SortDirection } from '@tvsistema/domain';
import { usePreferencias } from './preferencias-context.js';

// A list screen's state lives in the URL query (issue 5), so reload, back and shared links
// restore it. Defaults are left out of the URL to keep links short; anything unreadable falls
// back to its default. Generic over the sort fields (a domain constant per module) and the
// module's select filters.

// The views and page sizes are the domain's (users' preferences name them too).
export { LIST_VIEWS, type ListView };

export type ListSort<S extends string> = { field: S; direction: SortDirection };

/**
 * A select filter: each value the screen offers and the URL text that stands for it. The value
 * without a text is the default ("all"), which the URL leaves out.
 */
export type SelectFilter<V extends string> = Readonly<Record<V, string | undefined>>;

const TEXT = Symbol('textFilter');

/**
 * A free filter (a date, an id): the URL text itself when it matches `pattern`, '' (the default,
 * left out of the URL) when absent or unreadable.
 */
export type TextFilter = { readonly [TEXT]: true; readonly pattern: RegExp };

export const textFilter = (pattern: RegExp): TextFilter => ({ [TEXT]: true, pattern });

const isTextFilter = (filter: unknown): filter is TextFilter =>
  typeof filter === 'object' && filter !== null && TEXT in filter;

/** Module filters as state: one select value per key. */
export type ListFilters = Record<string, string>;

export type BaseListState<S extends string> = {
  q: string;
  page: number;
  limit: number;
  view: ListView;
  sort: ListSort<S>;
};

export type ListState<
  S extends string,
  F extends ListFilters = Record<never, never>,
> = BaseListState<S> & F;

export type ListStateConfig<S extends string, F extends ListFilters> = {
  sortFields: readonly S[];
  defaultSort: ListSort<S>;
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** URL parameter name → the filter's values (or a free text filter); written in this order, right after `q`. */
  filters: { readonly [K in keyof F]: SelectFilter<F[K]> | TextFilter };
};

export type ListStateCodec<S extends string, F extends ListFilters> = {
  readonly defaults: ListState<S, F>;
  readonly pageSizes: readonly number[];
  parse: (params: URLSearchParams) => ListState<S, F>;
  toParams: (state: ListState<S, F>) => URLSearchParams;
  /** `nombre` ascending, `-nombre` descending (the API's sort syntax); the default otherwise. */
  parseSort: (value: string | null) => ListSort<S>;
  /** Whether a search or a filter narrows the list (the empty state then offers to clear them). */
  hasFilters: (state: ListState<S, F>) => boolean;
  /** The patch that clears the search and every filter, back on page 1. */
  cleared: Partial<ListState<S, F>>;
  /** Parameters of the page around the list that its changes keep (`keepingParams`). */
  readonly keep?: readonly string[];
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const positiveInt = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 1 ? number : undefined;
};

export const formatSort = <S extends string>({ field, direction }: ListSort<S>): string =>
  direction === 'desc' ? `-${field}` : field;

/** Clicking a column: a new field sorts ascending, the same field flips direction. */
export const toggleSort = <S extends string>(current: ListSort<S>, field: S): ListSort<S> =>
  current.field === field
    ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { field, direction: 'asc' };

const filterDefault = <V extends string>(filter: SelectFilter<V> | TextFilter): V =>
  isTextFilter(filter)
    ? ('' as V)
    : ((Object.keys(filter) as V[]).find((value) => filter[value] === undefined) as V);

const filterFromParam = <V extends string>(
  filter: SelectFilter<V> | TextFilter,
  param: string | null,
): V => {
  if (isTextFilter(filter)) return (param !== null && filter.pattern.test(param) ? param : '') as V;
  return (
    (Object.keys(filter) as V[]).find((value) => param !== null && filter[value] === param) ??
    filterDefault(filter)
  );
};

const filterToParam = (filter: SelectFilter<string> | TextFilter, value: string) =>
  isTextFilter(filter) ? value || undefined : filter[value];

export const createListState = <S extends string, F extends ListFilters = Record<never, never>>(
  config: ListStateConfig<S, F>,
): ListStateCodec<S, F> => {
  const filterKeys = Object.keys(config.filters) as (keyof F & string)[];
  const filterOf = (key: keyof F & string) =>
    config.filters[key] as SelectFilter<string> | TextFilter;
  const defaultFilters = Object.fromEntries(
    filterKeys.map((key) => [key, filterDefault(filterOf(key))]),
  ) as F;
  const defaults = {
    q: '',
    ...defaultFilters,
    page: 1,
    limit: config.defaultPageSize,
    view: 'cards',
    sort: config.defaultSort,
  } as ListState<S, F>;

  const parseSort = (value: string | null): ListSort<S> => {
    if (!value) return config.defaultSort;
    const descending = value.startsWith('-');
    const field = descending ? value.slice(1) : value;
    return isOneOf(config.sortFields, field)
      ? { field, direction: descending ? 'desc' : 'asc' }
      : config.defaultSort;
  };

  const parse = (params: URLSearchParams): ListState<S, F> => {
    const limit = positiveInt(params.get('limit'));
    const view = params.get('view');
    const filters = Object.fromEntries(
      filterKeys.map((key) => [key, filterFromParam(filterOf(key), params.get(key))]),
    ) as F;
    return {
      q: params.get('q') ?? '',
      ...filters,
      page: positiveInt(params.get('page')) ?? defaults.page,
      limit: limit !== undefined && config.pageSizes.includes(limit) ? limit : defaults.limit,
      view: isOneOf(LIST_VIEWS, view) ? view : defaults.view,
      sort: parseSort(params.get('sort')),
    };
  };

  const toParams = (state: ListState<S, F>): URLSearchParams => {
    const params = new URLSearchParams();
    const q = state.q.trim();
    if (q) params.set('q', q);
    for (const key of filterKeys) {
      const text = filterToParam(filterOf(key), state[key]);
      if (text !== undefined) params.set(key, text);
    }
    if (state.page !== defaults.page) params.set('page', String(state.page));
    if (state.limit !== defaults.limit) params.set('limit', String(state.limit));
    if (state.view !== defaults.view) params.set('view', state.view);
    const sort = formatSort(state.sort);
    if (sort !== formatSort(defaults.sort)) params.set('sort', sort);
    return params;
  };

  const hasFilters = (state: ListState<S, F>): boolean =>
    state.q.trim() !== '' || filterKeys.some((key) => state[key] !== defaultFilters[key]);

  // The spread of a generic F cannot be checked against the mapped type; its keys are F's own.
  const cleared = { q: '', ...defaultFilters, page: 1 } as unknown as Partial<ListState<S, F>>;

  return { defaults, pageSizes: config.pageSizes, parse, toParams, parseSort, hasFilters, cleared };
};

/**
 * A list living in a tab of another page (`/obras?vista=clientes`, with `cliente=…` naming the
 * modal open over it): the same state, and those parameters of the page survive every change the
 * list makes to the URL (a search typed just before opening the modal must not close it).
 */
export const keepingParams = <S extends string, F extends ListFilters>(
  codec: ListStateCodec<S, F>,
  keep: readonly string[],
): ListStateCodec<S, F> => ({ ...codec, keep });

/**
 * The user's preferred view and page size (issue 14, decision 0044): null leaves each list its
 * own default. The URL still wins: they apply only where it names no `view` or `limit`.
 */
export type ListPreferences = { view: ListView | null; limit: number | null };

export const NO_LIST_PREFERENCES: ListPreferences = { view: null, limit: null };

/** The state of a URL, with the preferred view and page size where the URL names none. */
export const parseWithPreferences = <S extends string, F extends ListFilters>(
  codec: ListStateCodec<S, F>,
  params: URLSearchParams,
  { view, limit }: ListPreferences,
): ListState<S, F> => {
  const state = codec.parse(params);
  if (view && !params.has('view')) state.view = view;
  if (limit && !params.has('limit') && codec.pageSizes.includes(limit)) state.limit = limit;
  return state;
};

/** The URL after a list change: the codec's parameters, plus the page's ones it keeps. */
export const nextListParams = <S extends string, F extends ListFilters>(
  codec: ListStateCodec<S, F>,
  current: URLSearchParams,
  patch: Partial<ListState<S, F>>,
  preferences: ListPreferences = NO_LIST_PREFERENCES,
): URLSearchParams => {
  const state = { ...parseWithPreferences(codec, current, preferences), ...patch };
  const next = codec.toParams(state);
  if (preferences.view || preferences.limit) {
    // The URL names the view and page size exactly when they differ from what this user gets
    // without them (the codec compares with the list's own defaults instead).
    const base = parseWithPreferences(codec, new URLSearchParams(), preferences);
    for (const key of ['limit', 'view'] as const) {
      if (state[key] === base[key]) next.delete(key);
      else next.set(key, String(state[key]));
    }
  }
  for (const key of codec.keep ?? []) {
    const value = current.get(key);
    if (value !== null) next.set(key, value);
  }
  return next;
};

export type ListStateUpdate<S extends string, F extends ListFilters> = (
  patch: Partial<ListState<S, F>>,
  options?: { replace?: boolean },
) => void;

export type ListController<S extends string, F extends ListFilters> = {
  state: ListState<S, F>;
  update: ListStateUpdate<S, F>;
  codec: ListStateCodec<S, F>;
};

/**
 * The list state of the current URL and a way to change it: each change is a new history entry
 * unless `replace` (typing in the search box must not flood the back button).
 * The user's preferred view and page size fill in what the URL leaves out. The codec must be
 * stable (a module constant).
 *
 * A change is computed from the router's own location, not from this render's: while the next
 * screen's code arrives the router keeps the list on screen, and a late change (the search box's
 * debounce) must not land on the page the user has just opened, nor undo a change made in between.
 */
export const useListState = <S extends string, F extends ListFilters>(
  codec: ListStateCodec<S, F>,
): ListController<S, F> => {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const router = useContext(DataRouterContext)?.router;
  const { vistaListas: view, tamanoPagina: limit } = usePreferencias();
  const update = useCallback<ListStateUpdate<S, F>>(
    (patch, options = {}) => {
      const live = router?.state.location;
      if (live && live.pathname !== pathname) return;
      const current = new URLSearchParams(live ? live.search : searchParams);
      const next = nextListParams(codec, current, patch, { view, limit }).toString();
      void navigate(
        { pathname, search: next ? `?${next}` : '' },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [router, pathname, searchParams, navigate, codec, view, limit],
  );
  return { state: parseWithPreferences(codec, searchParams, { view, limit }), update, codec };
};
