import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { can, empresaForSystem, type SystemId } from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards } from '../../../components/resource/resource-cards.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable } from '../../../components/resource/resource-table.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { useSystem } from '../../../lib/system-context.js';
import { exportPartes, type ParteExportParams } from '../api/export-partes.js';
import { usePartes } from '../api/get-partes.js';
import { resolveBasePath } from '../parte-base-path.js';
import { PARTE_UI_TEXTS as T, type ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';
import '../partes.css';
import { ACTIVO_FILTERS, toListParams } from '../utils/parte-list-state.js';
import {
  PARTE_CARD_LINES,
  PARTE_SORT_OPTIONS,
  parteActions,
  parteBadge,
  parteColumns,
} from './parte-views.js';

// The detail's code (tabs, history) loads on the first "Ver", not with the list: the signed-in
// list stays within its size budget (decision 0025; decision 0044 made room this way).
const ParteDetailModal = lazy(() =>
  import('./parte-detail-modal.js').then((module) => ({ default: module.ParteDetailModal })),
);

export type ParteListPageProps = {
  config: ParteConfig;
  /** The list URL; defaults to the current system's (e.g. /transporte/proveedores). */
  basePath?: string;
};

/** The list screen of SPEC 2.12 for suppliers or clients. */
export const ParteListPage = ({ config, basePath }: ParteListPageProps) => {
  const { currentSystem } = useSystem();
  const [flash, dismissFlash] = useFlash();
  if (!currentSystem) {
    return (
      <Container className="py-4">
        <Alert variant="warning">{T.noActiveSystem}</Alert>
      </Container>
    );
  }
  return (
    <ResourcePage className="partes-page">
      <ParteList
        config={config}
        system={currentSystem}
        base={resolveBasePath(config, currentSystem, basePath)}
        notice={<DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />}
      />
    </ResourcePage>
  );
};

const ACTIVO_OPTIONS = ACTIVO_FILTERS.map((value) => ({
  value,
  label: T.activoFilter[value],
}));

export type ParteListProps = {
  config: ParteConfig;
  system: SystemId;
  base: string;
  /** 2 when the list is a tab of another page (the verticales clients of /obras). */
  level?: 1 | 2;
  /** Under the title, e.g. the success message the form left (the page that reads it shows it). */
  notice?: ReactNode;
};

/** The list itself: title, toolbar, cards or table, pagination and the detail modal. */
export const ParteList = ({ config, system, base, level = 1, notice }: ParteListProps) => {
  const { texts } = config;
  const empresa = empresaForSystem(system);
  const list = useListState(config.listState);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, config.editPermission);
  const [selected, setSelected] = useState<ParteRecord | undefined>();
  // Mounted from the first "Ver" on, so closing keeps its animation.
  const [detailUsed, setDetailUsed] = useState(false);
  const csv = useCsvExport((filters: ParteExportParams, getAccessToken) =>
    exportPartes({ resource: config.resource, params: filters, getAccessToken }),
  );
  const query = usePartes(config.resource, toListParams(state, empresa));

  // A page past the end (records deleted meanwhile, or an edited URL) moves to the last page.
  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, state.page, update]);

  const editHref = (record: ParteRecord) =>
    canEdit ? config.paths.edit(base, record._id) : undefined;
  const handlers = {
    onView: (record: ParteRecord) => {
      setSelected(record);
      setDetailUsed(true);
    },
    editHref,
  };

  const onExport = () => {
    const { page: _page, limit: _limit, ...filters } = toListParams(state, empresa);
    void csv.run(filters);
  };

  return (
    <>
      <ListHeader
        level={level}
        title={texts.listTitle(system)}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={onExport} />
            {canEdit && <CreateLink to={config.paths.create(base)}>{texts.newButton}</CreateLink>}
          </>
        }
      />
      {notice}
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />

      <ListToolbar
        list={list}
        searchPlaceholder={T.searchPlaceholder}
        sortOptions={PARTE_SORT_OPTIONS}
        filters={
          <ToolbarSelect
            label={T.activoLabel}
            value={state.activo}
            options={ACTIVO_OPTIONS}
            onChange={(activo) => update({ activo, page: 1 })}
          />
        }
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      <ResourceResults
        query={query}
        view={state.view}
        texts={{
          loading: texts.loadingList,
          empty: texts.empty,
          emptyFiltered: texts.emptyFiltered,
          failed: texts.listFailed,
          plural: texts.plural,
        }}
        filtered={config.listState.hasFilters(state)}
        onClearFilters={() => update(config.listState.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(record) => record.nombre}
            badge={parteBadge}
            lines={PARTE_CARD_LINES}
            footer={parteActions(handlers)}
          />
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={parteColumns(handlers)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />

      {detailUsed && (
        <Suspense fallback={null}>
          <ParteDetailModal
            config={config}
            record={selected}
            onHide={() => setSelected(undefined)}
            editHref={selected ? editHref(selected) : undefined}
          />
        </Suspense>
      )}
    </>
  );
};
