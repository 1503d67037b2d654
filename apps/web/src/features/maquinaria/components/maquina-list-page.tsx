import { useEffect, useId } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { can, type Maquina } from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards } from '../../../components/resource/resource-cards.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable } from '../../../components/resource/resource-table.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { paths } from '../../../config/paths.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { exportMaquinas, type MaquinaExportParams } from '../api/export-maquinas.js';
import { useMaquinas } from '../api/get-maquinas.js';
import { MAQUINA_TEXTS as T } from '../maquina-texts.js';
import '../maquinaria.css';
import {
  AVISO_OPTIONS,
  ESTADO_OPTIONS,
  libreError,
  MAQUINA_LIST_STATE,
  TIPO_OPTIONS,
  toListParams,
} from '../utils/maquina-list-state.js';
import { EstadoMaquinaBadge } from './maquina-badges.js';
import {
  maquinaActions,
  maquinaCardLines,
  maquinaColumns,
  MAQUINA_SORT_OPTIONS,
  tipoIcon,
  type MaquinaRowHandlers,
} from './maquina-views.js';

const CARD_LINES = maquinaCardLines();

const cardBadge = (record: Maquina) => (
  <span className="d-flex align-items-center gap-2">
    <span aria-hidden="true" className="maquina-tipo-icon">
      {tipoIcon(record.tipo)}
    </span>
    <EstadoMaquinaBadge estado={record.estado} />
  </span>
);

/** /maquinaria (inventario.md §5.1). */
export const MaquinaListPage = () => {
  const list = useListState(MAQUINA_LIST_STATE);
  const { state, update } = list;
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'maquinaria.edit');
  const [flash, dismissFlash] = useFlash();
  const libreId = useId();
  const csv = useCsvExport((params: MaquinaExportParams, getAccessToken) =>
    exportMaquinas({ params, getAccessToken }),
  );
  const params = toListParams(state);
  const query = useMaquinas(params);
  const rangoError = libreError(state.libreDesde, state.libreHasta);

  // A page past the end (records deleted meanwhile, or an edited URL) moves to the last page.
  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, state.page, update]);

  const detailHref = (r: Maquina) => paths.maquinaria.detail.getHref({ maquinariaId: r._id });
  const handlers: MaquinaRowHandlers = {
    detailHref,
    onView: (r) => void navigate(detailHref(r)),
    editHref: (r) => (canEdit ? paths.maquinaria.edit.getHref({ maquinariaId: r._id }) : undefined),
  };

  const onExport = () => {
    const { page: _page, limit: _limit, ...filters } = params;
    void csv.run(filters);
  };

  return (
    <ResourcePage className="maquinaria-page">
      <ListHeader
        title={T.listTitle}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={onExport} />
            {canEdit && (
              <CreateLink to={paths.maquinaria.create.getHref()}>{T.newButton}</CreateLink>
            )}
          </>
        }
      />
      <p className="text-body-secondary mt-n2 mb-3">{T.listSubtitle}</p>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />

      <ListToolbar
        list={list}
        searchPlaceholder={T.searchPlaceholder}
        sortOptions={MAQUINA_SORT_OPTIONS}
        filters={
          <>
            <ToolbarSelect
              label={T.tipoLabel}
              value={state.tipo}
              options={TIPO_OPTIONS}
              onChange={(tipo) => update({ tipo, page: 1 })}
            />
            <ToolbarSelect
              label={T.estadoLabel}
              value={state.estado}
              options={ESTADO_OPTIONS}
              onChange={(estado) => update({ estado, page: 1 })}
            />
            <ToolbarSelect
              label={T.avisoLabel}
              value={state.aviso}
              options={AVISO_OPTIONS}
              onChange={(aviso) => update({ aviso, page: 1 })}
            />
            <Col xs={12} sm="auto">
              <fieldset className="d-flex flex-wrap align-items-center gap-1">
                <legend className="small text-body-secondary mb-0 me-1 float-none w-auto fs-6">
                  {T.libreEntre}
                </legend>
                <Form.Control
                  type="date"
                  aria-label={T.libreDesde}
                  className="w-auto"
                  value={state.libreDesde}
                  {...invalidProps(libreId, rangoError)}
                  onChange={(event) => update({ libreDesde: event.target.value, page: 1 })}
                />
                <Form.Control
                  type="date"
                  aria-label={T.libreHasta}
                  className="w-auto"
                  value={state.libreHasta}
                  {...invalidProps(libreId, rangoError)}
                  onChange={(event) => update({ libreHasta: event.target.value, page: 1 })}
                />
                {rangoError && (
                  <div id={errorIdOf(libreId)} className="text-danger small w-100" role="alert">
                    {rangoError}
                  </div>
                )}
              </fieldset>
            </Col>
          </>
        }
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      <ResourceResults
        query={query}
        view={state.view}
        texts={{
          loading: T.loadingList,
          empty: T.empty,
          emptyFiltered: T.emptyFiltered,
          failed: T.listFailed,
          plural: T.plural,
        }}
        filtered={MAQUINA_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(MAQUINA_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(record) => record.codigoInterno}
            badge={cardBadge}
            lines={CARD_LINES}
            footer={maquinaActions(handlers)}
          />
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={maquinaColumns(handlers)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
      {!query.isPending &&
        !query.isError &&
        query.data.data.length === 0 &&
        !MAQUINA_LIST_STATE.hasFilters(state) &&
        canEdit && (
          <div className="text-center mt-3">
            <CreateLink to={paths.maquinaria.create.getHref()}>{T.newButton}</CreateLink>
          </div>
        )}
    </ResourcePage>
  );
};
