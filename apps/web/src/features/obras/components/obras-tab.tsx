import { lazy, Suspense, useState } from 'react';
import { Button, Col, Form, InputGroup } from 'react-bootstrap';
import { FaCalendarAlt, FaHardHat, FaMapMarkerAlt, FaUser } from 'react-icons/fa';
import {
  can,
  formatFecha,
  TIPO_TRABAJO_LABEL,
  type ObraResumen,
  type ObraSortField,
} from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { CreateLink, ExportCsvButton } from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import {
  NameButton,
  ResourceTable,
  type Column,
} from '../../../components/resource/resource-table.js';
import { RowActions } from '../../../components/resource/row-actions.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { paths } from '../../../config/paths.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { OBRAS_API } from '../api/obra-keys.js';
import { useObras } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import {
  alternarEstado,
  ESTADO_CHIPS,
  estadosDe,
  OBRA_LIST_STATE,
  TIPO_OPTIONS,
  toListParams,
} from '../utils/obra-list-state.js';
import { AlertaBadges, Avance, EstadoObraBadge } from './obra-badges.js';
import { ubicacionDe } from './obra-comun.js';

const SORT_OPTIONS = [
  { value: '-fechaInicioPrevista', label: 'Inicio (más recientes)' },
  { value: 'fechaInicioPrevista', label: 'Inicio (más antiguas)' },
  { value: 'codigo', label: 'Código (A-Z)' },
  { value: 'nombre', label: 'Obra (A-Z)' },
  { value: 'cliente', label: 'Cliente (A-Z)' },
  { value: 'estado', label: 'Estado' },
  { value: '-progreso', label: 'Avance (mayor primero)' },
  { value: '-updatedAt', label: 'Actualizadas recientemente' },
] as const;

const ubicacion = (obra: ObraResumen) => ubicacionDe(obra);

const fecha = (value: string | null) => (value ? formatFecha(value) : '—');

const LINES: CardLine<ObraResumen>[] = [
  { id: 'nombre', icon: <FaHardHat />, label: T.columns.obra, value: (o) => o.nombre },
  { id: 'cliente', icon: <FaUser />, label: T.columns.cliente, value: (o) => o.cliente.nombre },
  { id: 'ubicacion', icon: <FaMapMarkerAlt />, label: T.columns.ubicacion, value: ubicacion },
  {
    id: 'fechas',
    icon: <FaCalendarAlt />,
    label: 'Fechas',
    value: (o) =>
      `${fecha(o.fechaInicioReal ?? o.fechaInicioPrevista)} – ${fecha(o.fechaFinReal ?? o.fechaFinPrevista)} · ${o.miembros} en el equipo`,
  },
];

// The detail's code (tabs, history, work reports, documents; the domain's schemas and so zod)
// loads when a work is first shown, not with the list (decision 0046). Once loaded it stays
// mounted, so closing it still plays the modal's exit.
const ObraDetailModal = lazy(() =>
  import('./obra-detail-modal.js').then((module) => ({ default: module.ObraDetailModal })),
);

/** The "Obras" tab of /obras (§5.5). */
export const ObrasTab = () => {
  const list = useListState(OBRA_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'obras.edit');
  const [detalleUsado, setDetalleUsado] = useState(false);
  if (state.obra && !detalleUsado) setDetalleUsado(true);
  const params = toListParams(state);
  const query = useObras(params);
  const csv = useCsvExport((_p: undefined, getAccessToken) => {
    const { page: _page, limit: _limit, ...filters } = params;
    return fetchCsv({
      path: `${OBRAS_API}/export`,
      query: filters,
      fallbackFileName: 'obras.csv',
      getAccessToken,
    });
  });
  const editHref = (o: ObraResumen) =>
    canEdit ? paths.obras.edit.getHref({ id: o._id }) : undefined;
  const ver = (o: ObraResumen) => update({ obra: o._id });
  const columns: Column<ObraResumen, ObraSortField>[] = [
    { id: 'codigo', header: T.columns.codigo, sortKey: 'codigo', cell: (o) => o.codigo },
    {
      id: 'obra',
      header: T.columns.obra,
      sortKey: 'nombre',
      cell: (o) => <NameButton onClick={() => ver(o)}>{o.nombre}</NameButton>,
    },
    { id: 'cliente', header: T.columns.cliente, sortKey: 'cliente', cell: (o) => o.cliente.nombre },
    { id: 'ubicacion', header: T.columns.ubicacion, cell: ubicacion },
    { id: 'tipo', header: T.columns.tipo, cell: (o) => TIPO_TRABAJO_LABEL[o.tipoTrabajo] },
    {
      id: 'inicio',
      header: T.columns.inicio,
      sortKey: 'fechaInicioPrevista',
      cell: (o) => fecha(o.fechaInicioPrevista),
    },
    { id: 'fin', header: T.columns.fin, cell: (o) => fecha(o.fechaFinPrevista) },
    {
      id: 'estado',
      header: T.columns.estado,
      sortKey: 'estado',
      cell: (o) => (
        <span className="d-inline-flex flex-wrap gap-1">
          <EstadoObraBadge estado={o.estado} />
          <AlertaBadges alertas={o.alertas} />
        </span>
      ),
    },
    {
      id: 'avance',
      header: T.columns.avance,
      sortKey: 'progreso',
      cell: (o) => <Avance progreso={o.progreso} />,
    },
    {
      id: 'acciones',
      header: T.columns.acciones,
      cell: (o) => <RowActions name={o.nombre} onView={() => ver(o)} editHref={editHref(o)} />,
    },
  ];

  return (
    <>
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
        <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
        {canEdit && <CreateLink to={paths.obras.create.getHref()}>{T.newButton}</CreateLink>}
      </div>
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <ListToolbar
        list={list}
        searchPlaceholder={T.searchPlaceholder}
        sortOptions={SORT_OPTIONS}
        filters={
          <>
            <Col xs={12}>
              <div role="group" aria-label={T.estadoLabel} className="d-flex flex-wrap gap-1">
                {ESTADO_CHIPS.map((chip) => {
                  const activo = estadosDe(state.estado).includes(chip.value);
                  return (
                    <Button
                      key={chip.value}
                      size="sm"
                      variant={activo ? 'secondary' : 'outline-secondary'}
                      aria-pressed={activo}
                      onClick={() =>
                        update({ estado: alternarEstado(state.estado, chip.value), page: 1 })
                      }
                    >
                      {chip.label}
                    </Button>
                  );
                })}
                <Button
                  size="sm"
                  variant={state.estado === 'todas' ? 'secondary' : 'outline-secondary'}
                  aria-pressed={state.estado === 'todas'}
                  onClick={() => update({ estado: 'todas', page: 1 })}
                >
                  {T.estadoTodas}
                </Button>
              </div>
            </Col>
            <ToolbarSelect
              label={T.tipoLabel}
              value={state.tipo}
              options={TIPO_OPTIONS}
              onChange={(tipo) => update({ tipo, page: 1 })}
            />
            <Col xs={12} sm="auto">
              <InputGroup>
                <InputGroup.Text as="label" htmlFor="obras-desde">
                  {T.desde}
                </InputGroup.Text>
                <Form.Control
                  id="obras-desde"
                  type="date"
                  value={state.desde}
                  onChange={(event) => update({ desde: event.target.value, page: 1 })}
                />
              </InputGroup>
            </Col>
            <Col xs={12} sm="auto">
              <InputGroup>
                <InputGroup.Text as="label" htmlFor="obras-hasta">
                  {T.hasta}
                </InputGroup.Text>
                <Form.Control
                  id="obras-hasta"
                  type="date"
                  value={state.hasta}
                  onChange={(event) => update({ hasta: event.target.value, page: 1 })}
                />
              </InputGroup>
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
        filtered={OBRA_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(OBRA_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(o) => o.codigo}
            badge={(o) => (
              <span className="d-inline-flex flex-wrap gap-1 align-items-center">
                <EstadoObraBadge estado={o.estado} />
                <AlertaBadges alertas={o.alertas} />
              </span>
            )}
            lines={LINES}
            footer={(o) => (
              <div className="d-flex align-items-center gap-2">
                <div className="flex-grow-1">
                  <Avance progreso={o.progreso} />
                </div>
                <RowActions name={o.nombre} onView={() => ver(o)} editHref={editHref(o)} />
              </div>
            )}
          />
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={columns}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
      {!query.isPending &&
        !query.isError &&
        query.data.data.length === 0 &&
        !OBRA_LIST_STATE.hasFilters(state) &&
        canEdit && (
          <div className="text-center mt-3">
            <CreateLink to={paths.obras.create.getHref()}>{T.newButton}</CreateLink>
          </div>
        )}
      {detalleUsado && (
        <Suspense fallback={null}>
          <ObraDetailModal
            id={state.obra || undefined}
            onHide={() => update({ obra: '' }, { replace: true })}
            editHref={
              state.obra && canEdit ? paths.obras.edit.getHref({ id: state.obra }) : undefined
            }
          />
        </Suspense>
      )}
    </>
  );
};
