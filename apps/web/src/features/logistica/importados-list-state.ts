import type { ListFilters, ListStateCodec } from '../../lib/list-state.js';

/** The list filters plus `importacionId`, the import whose albaranes "Ver albaranes importados" shows. */
export type ConImportacion<F extends ListFilters> = F & { importacionId: string };

/**
 * A list's URL state with `importacionId` (logistica.md §5, §6): kept while paging or sorting,
 * cleared with the other filters.
 */
export const conImportacion = <S extends string, F extends ListFilters>(
  base: ListStateCodec<S, F>,
): ListStateCodec<S, ConImportacion<F>> => ({
  ...base,
  defaults: { ...base.defaults, importacionId: '' },
  parse: (params) => ({ ...base.parse(params), importacionId: params.get('importacionId') ?? '' }),
  toParams: (state) => {
    const params = base.toParams(state);
    if (state.importacionId) params.set('importacionId', state.importacionId);
    return params;
  },
  hasFilters: (state) => base.hasFilters(state) || state.importacionId !== '',
  cleared: { ...base.cleared, importacionId: '' } as ListStateCodec<
    S,
    ConImportacion<F>
  >['cleared'],
});
