import type { ReactNode } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@tvsistema/domain';
import { serverMessageOr } from '../../lib/api-error-message.js';
import type { ListView } from '../../lib/list-state.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { LoadingStatus } from './loading-status.js';
import { ListPagination } from './pagination.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

export type ResourceResultsTexts = {
  loading: string;
  /** No records at all. */
  empty: string;
  /** No record matches the search or filters. */
  emptyFiltered: string;
  failed: string;
  /** For "Mostrando 1–10 de 42 {plural}". */
  plural: string;
};

export type ResourceResultsProps<R> = {
  query: UseQueryResult<Paginated<R>>;
  view: ListView;
  texts: ResourceResultsTexts;
  filtered: boolean;
  onClearFilters: () => void;
  onPage: (page: number) => void;
  /** The card view (e.g. ResourceCards) of the page's rows. */
  cards: (rows: readonly R[]) => ReactNode;
  /** The table view (e.g. ResourceTable) of the page's rows. */
  table: (rows: readonly R[]) => ReactNode;
  /** What an empty list (no filter) offers to do first, e.g. "Nuevo albarán…" and "Importar". */
  emptyActions?: ReactNode;
};

/**
 * Below Bootstrap's `md` breakpoint a table of a list's columns cannot fit (960 px in 340): the
 * list shows its cards, whose actions stay visible, whatever view was chosen (issue 14).
 */
export const NARROW_LIST_QUERY = '(max-width: 767.98px)';

/**
 * The body of a list screen: error with retry, loading, empty (offering to clear the filters when
 * they are the reason), or the page of rows as cards or table with its range and pagination.
 * The previous page stays, dimmed, while the next one loads.
 */
export const ResourceResults = <R,>({
  query,
  view,
  texts,
  filtered,
  onClearFilters,
  onPage,
  cards,
  table,
  emptyActions,
}: ResourceResultsProps<R>) => {
  const narrow = useMediaQuery(NARROW_LIST_QUERY);
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
        <span className="flex-grow-1">{serverMessageOr(query.error, texts.failed)}</span>
        <Button variant="outline-danger" onClick={() => void query.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  }
  // Issue 13: the loading block and the rows share one wrapper (theme.css, .resource-results), so
  // nothing above or below them moves when the rows arrive.
  if (query.isPending) {
    return (
      <div className="resource-results">
        <LoadingStatus message={texts.loading} />
      </div>
    );
  }
  const rows = query.data.data;
  const meta = query.data.meta;
  if (rows.length === 0) {
    return (
      <Card body className="text-center py-5 text-body-secondary">
        {filtered ? (
          <>
            <p className="mb-3">{texts.emptyFiltered}</p>
            <Button variant="outline-secondary" onClick={onClearFilters}>
              {T.clearFilters}
            </Button>
          </>
        ) : (
          <>
            <p className="mb-0 fs-5">{texts.empty}</p>
            {emptyActions && (
              <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">
                {emptyActions}
              </div>
            )}
          </>
        )}
      </Card>
    );
  }
  const from = meta.total > 0 ? (meta.page - 1) * meta.limit + 1 : 0;
  const to = Math.min(meta.page * meta.limit, meta.total);
  return (
    <div
      className={query.isPlaceholderData ? 'resource-results resource-stale' : 'resource-results'}
      aria-busy={query.isFetching}
    >
      {view === 'cards' || narrow ? cards(rows) : <Card className="shadow-sm">{table(rows)}</Card>}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
        <span className="text-body-secondary small">
          {T.showing(from, to, meta.total, texts.plural)}
        </span>
        <ListPagination page={meta.page} totalPages={meta.totalPages} onPage={onPage} />
      </div>
    </div>
  );
};
