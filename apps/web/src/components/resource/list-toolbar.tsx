import { useEffect, useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { FaList, FaSearch, FaSyncAlt, FaThLarge } from 'react-icons/fa';
import {
  formatSort,
  type BaseListState,
  type ListController,
  type ListFilters,
} from '../../lib/list-state.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';
import { ToolbarSelect, type ToolbarOption } from './toolbar-select.js';

/** Debounce of the search box: long enough to skip keystrokes, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListToolbarProps<S extends string, F extends ListFilters> = {
  list: ListController<S, F>;
  searchPlaceholder: string;
  /** The URL forms of the sorts the select offers (`nombre`, `-nombre`…) with their labels. */
  sortOptions: readonly ToolbarOption<string>[];
  /** The module's filters (ToolbarSelect columns), between the search box and the sort. */
  filters?: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
};

/** Search, filters, sort, page size, refresh and the cards/list toggle of a list screen. */
export const ListToolbar = <S extends string, F extends ListFilters>({
  list,
  searchPlaceholder,
  sortOptions,
  filters,
  onRefresh,
  refreshing,
}: ListToolbarProps<S, F>) => {
  const { state, codec } = list;
  // The toolbar changes only the kit's own fields, and any patch of those is a patch of the
  // module's state; TypeScript cannot see that through the generic filters.
  const update = list.update as (
    patch: Partial<BaseListState<S>>,
    options?: { replace?: boolean },
  ) => void;
  const [searchText, setSearchText] = useState(state.q);

  // Back/forward or a link may change the URL's term: the box follows it (adjusted while
  // rendering, React's pattern for state derived from a changing prop).
  const [urlTerm, setUrlTerm] = useState(state.q);
  if (urlTerm !== state.q) {
    setUrlTerm(state.q);
    if (searchText.trim() !== state.q) setSearchText(state.q);
  }

  useEffect(() => {
    const term = searchText.trim();
    if (term === state.q) return undefined;
    const timer = setTimeout(
      () => update({ q: term, page: 1 }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, state.q, update]);

  const viewButton = (view: typeof state.view, label: string, icon: ReactNode) => (
    <Button
      variant={state.view === view ? 'secondary' : 'outline-secondary'}
      aria-pressed={state.view === view}
      aria-label={label}
      title={label}
      onClick={() => update({ view })}
    >
      {icon}
    </Button>
  );

  return (
    <Row className="g-2 align-items-center mb-3">
      <Col xs={12} lg className="list-toolbar-search">
        <InputGroup>
          <InputGroup.Text aria-hidden="true">
            <FaSearch />
          </InputGroup.Text>
          <Form.Control
            type="search"
            aria-label={T.search}
            placeholder={searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </InputGroup>
      </Col>
      {filters}
      <ToolbarSelect
        label={T.sortBy}
        value={formatSort(state.sort)}
        options={sortOptions}
        onChange={(value) => update({ sort: codec.parseSort(value), page: 1 })}
      />
      <ToolbarSelect
        label={T.pageSize}
        value={state.limit}
        options={codec.pageSizes.map((size) => ({ value: size, label: T.perPage(size) }))}
        onChange={(limit) => update({ limit, page: 1 })}
        col={{ xs: 'auto' }}
      />
      <Col xs="auto">
        <Button
          variant="outline-secondary"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={T.refresh}
          title={T.refresh}
        >
          <FaSyncAlt className={refreshing ? 'resource-spin' : undefined} />
        </Button>
      </Col>
      {/* Narrow screens always show cards (resource-results.tsx): no choice to offer there. */}
      <Col xs="auto" className="d-none d-md-block">
        <ButtonGroup aria-label={T.views}>
          {viewButton('cards', T.cardsView, <FaThLarge />)}
          {viewButton('list', T.listView, <FaList />)}
        </ButtonGroup>
      </Col>
    </Row>
  );
};
