import { useEffect } from 'react';
import { Form, Nav } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { can, type Camion } from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
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
import { exportCamiones, useCamiones, type CamionExportParams } from '../api/camiones.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import '../flota.css';
import {
  CAMION_LIST_STATE,
  ESTADO_OPTIONS,
  TIPO_OPTIONS,
  toListParams,
} from '../utils/camion-list-state.js';
import {
  camionActions,
  camionCardBadge,
  camionCardTitle,
  camionCardLines,
  camionColumns,
  CAMION_SORT_OPTIONS,
  type CamionRowHandlers,
} from './camion-views.js';
import { ConductoresTab } from './conductores-tab.js';

const detailHref = (r: Camion) => paths.transporte.camiones.detail.getHref({ camionId: r._id });

/** /transporte/camiones (§5.1): "Vehículos" and "Conductores" tabs. */
export const CamionListPage = () => {
  const list = useListState(CAMION_LIST_STATE);
  const { state, update } = list;
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'camiones.edit');
  const [flash, dismissFlash] = useFlash();
  const csv = useCsvExport((params: CamionExportParams, getAccessToken) =>
    exportCamiones({ params, getAccessToken }),
  );
  const conductores = state.vista === 'conductores';
  const params = toListParams(state);
  const query = useCamiones(params);

  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (!conductores && totalPages !== undefined && totalPages > 0 && state.page > totalPages)
      update({ page: totalPages }, { replace: true });
  }, [conductores, totalPages, state.page, update]);

  const handlers: CamionRowHandlers = {
    detailHref,
    onView: (r) => void navigate(detailHref(r)),
    editHref: (r) =>
      canEdit ? paths.transporte.camiones.edit.getHref({ camionId: r._id }) : undefined,
  };
  const onExport = () => {
    const { page: _page, limit: _limit, ...filters } = params;
    void csv.run(filters);
  };
  // With only the switch on, an empty list says nothing is due (§5.1).
  const soloVencimientos =
    state.vencimientos === '30' &&
    !state.q &&
    state.tipo === 'todos' &&
    state.estado === 'en_servicio';

  return (
    <ResourcePage className="flota-page">
      <ListHeader
        title={T.listTitle}
        actions={
          !conductores && (
            <>
              <ExportCsvButton exporting={csv.exporting} onExport={onExport} />
              {canEdit && (
                <CreateLink to={paths.transporte.camiones.create.getHref()}>
                  {T.newButton}
                </CreateLink>
              )}
            </>
          )
        }
      />
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <Nav variant="tabs" className="mb-3" as="ul">
        <Nav.Item as="li">
          <Nav.Link
            active={!conductores}
            aria-current={!conductores ? 'page' : undefined}
            onClick={() => update({ vista: 'vehiculos', page: 1 })}
          >
            {T.tabVehiculos}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item as="li">
          <Nav.Link
            active={conductores}
            aria-current={conductores ? 'page' : undefined}
            onClick={() => update({ vista: 'conductores', page: 1 })}
          >
            {T.tabConductores}
          </Nav.Link>
        </Nav.Item>
      </Nav>

      {conductores ? (
        <ConductoresTab canEdit={canEdit} />
      ) : (
        <>
          <ListToolbar
            list={list}
            searchPlaceholder={T.searchPlaceholder}
            sortOptions={CAMION_SORT_OPTIONS}
            filters={
              <>
                <ToolbarSelect
                  label={T.estadoLabel}
                  value={state.estado}
                  options={ESTADO_OPTIONS}
                  onChange={(estado) => update({ estado, page: 1 })}
                />
                <ToolbarSelect
                  label={T.tipoLabel}
                  value={state.tipo}
                  options={TIPO_OPTIONS}
                  onChange={(tipo) => update({ tipo, page: 1 })}
                />
                <Form.Check
                  type="switch"
                  id="flota-vencimientos"
                  className="align-self-center ms-sm-2"
                  label={T.vencimientosSwitch}
                  checked={state.vencimientos === '30'}
                  onChange={(event) =>
                    update({ vencimientos: event.target.checked ? '30' : 'no', page: 1 })
                  }
                />
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
              emptyFiltered: soloVencimientos ? T.sinVencimientos : T.emptyFiltered,
              failed: T.listFailed,
              plural: T.plural,
            }}
            filtered={CAMION_LIST_STATE.hasFilters(state)}
            onClearFilters={() => update({ ...CAMION_LIST_STATE.cleared, vista: 'vehiculos' })}
            onPage={(page) => update({ page })}
            cards={(rows) => (
              <ResourceCards
                rows={rows}
                title={camionCardTitle}
                badge={camionCardBadge}
                lines={camionCardLines}
                footer={camionActions(handlers)}
              />
            )}
            table={(rows) => (
              <ResourceTable
                rows={rows}
                columns={camionColumns(handlers)}
                sort={state.sort}
                onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
              />
            )}
          />
          {!query.isPending &&
            !query.isError &&
            query.data.data.length === 0 &&
            !CAMION_LIST_STATE.hasFilters(state) &&
            canEdit && (
              <div className="text-center mt-3">
                <CreateLink to={paths.transporte.camiones.create.getHref()}>
                  {T.newButton}
                </CreateLink>
              </div>
            )}
        </>
      )}
    </ResourcePage>
  );
};
