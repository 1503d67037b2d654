import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { FaList, FaSearch, FaSyncAlt, FaThLarge } from 'react-icons/fa';
import { PARTE_PAGE_SIZES } from '@tvsistema/domain';
import { PARTE_UI_TEXTS as T } from '../../features/partes/parte-config.js';
import {
  ACTIVO_FILTERS,
  formatSort,
  parseSort,
  type ActivoFilter,
  type ListState,
} from '../../lib/list-state.js';

/** Debounce of the search box: long enough to skip keystrokes, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = [
  { value: 'nombre', label: 'Nombre (A-Z)' },
  { value: '-nombre', label: 'Nombre (Z-A)' },
  { value: 'documento', label: 'Documento (A-Z)' },
  { value: '-documento', label: 'Documento (Z-A)' },
  { value: '-createdAt', label: 'Más recientes' },
  { value: '-updatedAt', label: 'Modificados recientemente' },
] as const;

const ACTIVO_LABELS: Record<ActivoFilter, string> = {
  todos: T.activoFilter.todos,
  activos: T.activoFilter.activos,
  inactivos: T.activoFilter.inactivos,
};

export type ParteListToolbarProps = {
  state: ListState;
  onChange: (patch: Partial<ListState>, options?: { replace?: boolean }) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

export const ParteListToolbar = ({
  state,
  onChange,
  onRefresh,
  refreshing,
}: ParteListToolbarProps) => {
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
      () => onChange({ q: term, page: 1 }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, state.q, onChange]);

  return (
    <Row className="g-2 align-items-center mb-3">
      <Col xs={12} lg>
        <InputGroup>
          <InputGroup.Text aria-hidden="true">
            <FaSearch />
          </InputGroup.Text>
          <Form.Control
            type="search"
            aria-label="Buscar"
            placeholder={T.searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </InputGroup>
      </Col>
      <Col xs={6} sm="auto">
        <Form.Select
          aria-label="Estado"
          value={state.activo}
          onChange={(event) => onChange({ activo: event.target.value as ActivoFilter, page: 1 })}
        >
          {ACTIVO_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {ACTIVO_LABELS[filter]}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={6} sm="auto">
        <Form.Select
          aria-label="Ordenar por"
          value={formatSort(state.sort)}
          onChange={(event) => onChange({ sort: parseSort(event.target.value), page: 1 })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs="auto">
        <Form.Select
          aria-label="Elementos por página"
          value={state.limit}
          onChange={(event) => onChange({ limit: Number(event.target.value), page: 1 })}
        >
          {PARTE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} por página
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs="auto">
        <Button
          variant="outline-secondary"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={T.refresh}
          title={T.refresh}
        >
          <FaSyncAlt className={refreshing ? 'partes-spin' : undefined} />
        </Button>
      </Col>
      <Col xs="auto">
        <ButtonGroup aria-label="Vista">
          <Button
            variant={state.view === 'cards' ? 'secondary' : 'outline-secondary'}
            aria-pressed={state.view === 'cards'}
            aria-label="Vista de tarjetas"
            title="Vista de tarjetas"
            onClick={() => onChange({ view: 'cards' })}
          >
            <FaThLarge />
          </Button>
          <Button
            variant={state.view === 'list' ? 'secondary' : 'outline-secondary'}
            aria-pressed={state.view === 'list'}
            aria-label="Vista de lista"
            title="Vista de lista"
            onClick={() => onChange({ view: 'list' })}
          >
            <FaList />
          </Button>
        </ButtonGroup>
      </Col>
    </Row>
  );
};
