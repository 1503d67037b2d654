import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Container, Spinner } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FaFileCsv, FaPlus } from 'react-icons/fa';
import { can, empresaForSystem, type SystemId } from '@tvsistema/domain';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useSystem } from '../../../lib/system-context.js';
import { useExportPartes } from '../api/export-partes.js';
import { usePartes } from '../api/get-partes.js';
import { PARTE_UI_TEXTS as T, type ParteConfig } from '../parte-config.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { readFlash, resolveBasePath } from '../parte-base-path.js';
import type { ParteRecord } from '../parte-record.js';
import '../partes.css';
import {
  hasFilters,
  listStateToParams,
  parseListState,
  toggleSort,
  toListParams,
  type ListState,
} from '../../../lib/list-state.js';
import { ParteCards } from '../../../components/resource/resource-cards.js';
import { ParteDetailModal } from './parte-detail-modal.js';
import { PartePagination } from '../../../components/resource/pagination.js';
import { ParteListToolbar } from '../../../components/resource/list-toolbar.js';
import { ParteTable } from '../../../components/resource/resource-table.js';

export type ParteListPageProps = {
  config: ParteConfig;
  /** The list URL; defaults to the current system's (e.g. /transporte/proveedores). */
  basePath?: string;
};

/** The list screen of SPEC 2.12 for suppliers or clients. */
export const ParteListPage = ({ config, basePath }: ParteListPageProps) => {
  const { currentSystem } = useSystem();
  if (!currentSystem) {
    return (
      <Container className="py-4">
        <Alert variant="warning">{T.noActiveSystem}</Alert>
      </Container>
    );
  }
  return (
    <ParteListScreen
      config={config}
      system={currentSystem}
      base={resolveBasePath(config, currentSystem, basePath)}
    />
  );
};

const ParteListScreen = ({
  config,
  system,
  base,
}: {
  config: ParteConfig;
  system: SystemId;
  base: string;
}) => {
  const { texts } = config;
  const empresa = empresaForSystem(system);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const location = useLocation();
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, config.editPermission);
  const [flash, setFlash] = useState<string | undefined>();
  const [flashKey, setFlashKey] = useState<string | undefined>();
  // Taken from the navigation that brought it (adjusted while rendering, not in an effect).
  const incomingFlash = readFlash(location.state);
  if (incomingFlash !== undefined && flashKey !== location.key) {
    setFlashKey(location.key);
    setFlash(incomingFlash);
  }
  const [selected, setSelected] = useState<ParteRecord | undefined>();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | undefined>();
  const exportPartes = useExportPartes(config.resource);
  const query = usePartes(config.resource, toListParams(state, empresa));

  // The message is shown once: a reload or a later visit to this entry must not repeat it.
  useEffect(() => {
    if (readFlash(location.state) !== undefined) {
      void navigate({ search: location.search }, { replace: true, state: null });
    }
  }, [location.state, location.search, navigate]);

  const update = useCallback(
    (patch: Partial<ListState>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => listStateToParams({ ...parseListState(current), ...patch }), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      }),
    [setSearchParams],
  );

  // A page past the end (records deleted meanwhile, or an edited URL) moves to the last page.
  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, state.page, update]);

  const editHref = (record: ParteRecord) =>
    canEdit ? config.paths.edit(base, record._id) : undefined;

  const onExport = async () => {
    setExporting(true);
    setExportError(undefined);
    try {
      const { page: _page, limit: _limit, ...filters } = toListParams(state, empresa);
      await exportPartes(filters);
    } catch (error) {
      setExportError(serverMessageOr(error, T.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const records = query.data?.data ?? [];
  const meta = query.data?.meta;
  const from = meta && meta.total > 0 ? (meta.page - 1) * meta.limit + 1 : 0;
  const to = meta ? Math.min(meta.page * meta.limit, meta.total) : 0;

  return (
    <Container fluid="xxl" className="py-3 partes-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{texts.listTitle(system)}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={() => void onExport()} disabled={exporting}>
            <FaFileCsv aria-hidden="true" className="me-1" />
            {exporting ? T.exporting : T.exportCsv}
          </Button>
          {canEdit && (
            <Link to={config.paths.create(base)} className="btn btn-primary partes-accent-button">
              <FaPlus aria-hidden="true" className="me-1" />
              {texts.newButton}
            </Link>
          )}
        </div>
      </div>

      {flash && (
        <Alert variant="success" dismissible onClose={() => setFlash(undefined)}>
          {flash}
        </Alert>
      )}
      {exportError && (
        <Alert variant="danger" dismissible onClose={() => setExportError(undefined)}>
          {exportError}
        </Alert>
      )}

      <ParteListToolbar
        state={state}
        onChange={update}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      {query.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
          <span className="flex-grow-1">{serverMessageOr(query.error, texts.listFailed)}</span>
          <Button variant="outline-danger" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        </Alert>
      ) : query.isPending ? (
        <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{texts.loadingList}</span>
        </div>
      ) : records.length === 0 ? (
        <Card body className="text-center py-5 text-body-secondary">
          {hasFilters(state) ? (
            <>
              <p className="mb-3">{texts.emptyFiltered}</p>
              <Button
                variant="outline-secondary"
                onClick={() => update({ q: '', activo: 'todos', page: 1 })}
              >
                {T.clearFilters}
              </Button>
            </>
          ) : (
            <p className="mb-0 fs-5">{texts.empty}</p>
          )}
        </Card>
      ) : (
        <div
          className={query.isPlaceholderData ? 'partes-stale' : undefined}
          aria-busy={query.isFetching}
        >
          {state.view === 'cards' ? (
            <ParteCards records={records} onView={setSelected} editHref={editHref} />
          ) : (
            <Card className="shadow-sm">
              <ParteTable
                records={records}
                sort={state.sort}
                onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
                onView={setSelected}
                editHref={editHref}
              />
            </Card>
          )}
          {meta && (
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
              <span className="text-body-secondary small">
                Mostrando {from}–{to} de {meta.total} {texts.plural}
              </span>
              <PartePagination
                page={meta.page}
                totalPages={meta.totalPages}
                onPage={(page) => update({ page })}
              />
            </div>
          )}
        </div>
      )}

      <ParteDetailModal
        config={config}
        record={selected}
        onHide={() => setSelected(undefined)}
        editHref={selected ? editHref(selected) : undefined}
      />
    </Container>
  );
};
