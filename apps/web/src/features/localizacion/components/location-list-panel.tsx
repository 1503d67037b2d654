import { useEffect, useState } from 'react';
import { Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@tvsistema/domain';
import { useLocationList } from '../api/list-locations.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  LEVELS,
  capitalize,
  recordLabel,
  type LocationFilters,
  type LocationLevel,
  type LocationRecord,
} from '../levels.js';
import { LocationCreateModal, type CreationParents } from './location-create-modal.js';
import { LocationDeleteDialog } from './location-delete-dialog.js';
import { LocationRenameModal } from './location-rename-modal.js';
import { SEARCH_DEBOUNCE_MS } from './location-typeahead.js';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';

export type LocationListPanelProps = {
  level: LocationLevel;
  title: string;
  /** Name of the parent, for the empty state ("Todavía no hay provincias en ESPAÑA"). */
  parentName: string | null;
  filters: LocationFilters;
  parents: CreationParents;
  search: string;
  onSearchChange: (text: string) => void;
  /** The query string a record's name leads to (the level below), when there is one. */
  openSearch?: (record: LocationRecord) => string;
};

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; record: LocationRecord }
  | { kind: 'delete'; record: LocationRecord };

/** One level of the cities screen: search, list with paging, create, rename, delete. */
export const LocationListPanel = ({
  level,
  title,
  parentName,
  filters,
  parents,
  search,
  onSearchChange,
  openSearch,
}: LocationListPanelProps) => {
  const info = LEVELS[level];
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced.trim() !== search.trim()) onSearchChange(debounced);
  }, [debounced, search, onSearchChange]);

  const list = useLocationList(level, { search: search.trim(), filters });
  const records = list.data?.pages.flatMap((page) => page.data) ?? [];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const closeDialog = () => setDialog(null);
  const searchId = `buscar-${level}`;
  const headingId = `lista-${level}-titulo`;

  return (
    <Card as="section" aria-labelledby={headingId} className="h-100">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id={headingId} className="h5 mb-0">
          {title}
        </h2>
        <Button
          size="sm"
          variant="primary"
          onClick={() => {
            setNotice(null);
            setDialog({ kind: 'create' });
          }}
        >
          {info.newLabel}
        </Button>
      </Card.Header>
      <Card.Body>
        <Form.Group controlId={searchId} className="mb-3">
          <Form.Label>Buscar {info.singular}</Form.Label>
          <Form.Control
            type="search"
            value={text}
            autoComplete="off"
            placeholder={level === 'codigoPostal' ? 'Parte del código' : 'Parte del nombre'}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Group>
        <DismissibleAlert
          variant="success"
          message={notice ?? undefined}
          onClose={() => setNotice(null)}
        />
        {list.isPending && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner size="sm" animation="border" aria-hidden="true" />
            Cargando {info.plural}…
          </div>
        )}
        {list.isError && (
          <div>
            <ServerErrorAlert
              error={list.error}
              fallback={MESSAGES.localizacion.actionFailed('cargar', level)}
            />
            <Button variant="outline-danger" size="sm" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </div>
        )}
        {list.isSuccess && records.length === 0 && (
          <p className="text-body-secondary mb-0">
            {search.trim() === ''
              ? `Todavía no hay ${info.plural}${parentName ? ` en ${parentName}` : ''}. Usa «${info.newLabel}» para añadir ${info.feminine ? 'la primera' : 'el primero'}.`
              : `Ningún resultado para «${search.trim()}». Prueba con otra parte del ${level === 'codigoPostal' ? 'código' : 'nombre'} o usa «${info.newLabel}».`}
          </p>
        )}
        {records.length > 0 && (
          <Table size="sm" hover responsive className="mb-2 align-middle location-table">
            <thead>
              <tr>
                <th scope="col">{level === 'codigoPostal' ? 'Código postal' : 'Nombre'}</th>
                <th scope="col" className="text-end">
                  Acciones
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => {
                const name = recordLabel(record);
                const alternative =
                  'nombreAlternativo' in record ? record.nombreAlternativo : undefined;
                return (
                  <tr key={record._id}>
                    <td>
                      {openSearch ? <Link to={{ search: openSearch(record) }}>{name}</Link> : name}
                      {alternative && (
                        <span className="text-body-secondary small"> ({alternative})</span>
                      )}
                    </td>
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="me-1"
                        aria-label={`Renombrar ${name}`}
                        onClick={() => {
                          setNotice(null);
                          setDialog({ kind: 'rename', record });
                        }}
                      >
                        Renombrar
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Eliminar ${name}`}
                        onClick={() => {
                          setNotice(null);
                          setDialog({ kind: 'delete', record });
                        }}
                      >
                        Eliminar
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        {list.hasNextPage && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
          </Button>
        )}
      </Card.Body>
      {dialog?.kind === 'create' && (
        <LocationCreateModal
          level={level}
          parents={parents}
          onCreated={() => undefined}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'rename' && (
        <LocationRenameModal
          level={level}
          record={dialog.record}
          onClose={closeDialog}
          onRenamed={(before, after) => {
            closeDialog();
            setNotice(`Se ha renombrado «${before}» a «${recordLabel(after)}».`);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <LocationDeleteDialog
          level={level}
          record={dialog.record}
          onClose={closeDialog}
          onDeleted={(label) => {
            closeDialog();
            setNotice(`Se ha eliminado «${label}».`);
          }}
        />
      )}
    </Card>
  );
};

export const panelTitle = (level: LocationLevel, parentName: string | null): string =>
  parentName
    ? `${capitalize(LEVELS[level].plural)} de ${parentName}`
    : capitalize(LEVELS[level].plural);
