import { Link } from 'react-router';
import {
  FaBoxes,
  FaCalendarAlt,
  FaEdit,
  FaEuroSign,
  FaFolderOpen,
  FaRegEye,
  FaUser,
} from 'react-icons/fa';
import {
  can,
  ESTADO_ALQUILER_LABELS,
  ESTADOS_ALQUILER,
  type AlquilerResumen,
} from '@tvsistema/domain';
import { ButtonGroup, Button, Col, Form } from 'react-bootstrap';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable, type Column } from '../../../components/resource/resource-table.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { formatNumero } from '@tvsistema/domain/format';
import { ALQUILERES_API, fetchExport, fetchPdf, useAlquileres } from '../api/comercial-api.js';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import {
  ALQUILER_LIST_STATE,
  ESTADOS_ABIERTOS,
  estadoDeElegidos,
  estadosElegidos,
  toAlquilerQuery,
} from '../utils/list-states.js';
import { AlquilerBadge, euros, fecha } from './badges.js';
import { Calendario } from './calendario.js';
import { FiltroPeriodo } from './filtro-periodo.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../comercial.css';

type SortField = (typeof ALQUILER_LIST_STATE)['defaults']['sort']['field'];

/**
 * §5 Estado (multi; default Reservado, En curso, Devuelto parcial): one toggle button per state
 * and "Todos"; none left pressed means every state.
 */
const EstadosFiltro = ({
  estado,
  onChange,
}: {
  estado: string;
  onChange: (estado: string) => void;
}) => {
  const elegidos = estadosElegidos(estado);
  const todos = elegidos.length === ESTADOS_ALQUILER.length;
  return (
    <Col xs={12} sm="auto">
      <ButtonGroup size="sm" aria-label="Estado" className="flex-wrap">
        <Button
          variant={todos ? 'secondary' : 'outline-secondary'}
          aria-pressed={todos}
          onClick={() => onChange('todos')}
        >
          Todos
        </Button>
        {ESTADOS_ALQUILER.map((e) => {
          const pulsado = !todos && elegidos.includes(e);
          return (
            <Button
              key={e}
              variant={pulsado ? 'secondary' : 'outline-secondary'}
              aria-pressed={pulsado}
              onClick={() =>
                onChange(
                  estadoDeElegidos(
                    todos ? [e] : pulsado ? elegidos.filter((x) => x !== e) : [...elegidos, e],
                  ),
                )
              }
            >
              {ESTADO_ALQUILER_LABELS[e]}
            </Button>
          );
        })}
      </ButtonGroup>
    </Col>
  );
};

const material = (a: AlquilerResumen) =>
  [
    a.maquinas > 0 ? `${a.maquinas} ${a.maquinas === 1 ? 'máquina' : 'máquinas'}` : null,
    a.piezas > 0 ? `${formatNumero(a.piezas)} ${a.piezas === 1 ? 'pieza' : 'piezas'}` : null,
  ]
    .filter(Boolean)
    .join(' · ') || '—';

/** §5: Ver, Editar (an open rental, for alquileres.edit), Contrato PDF, Archivos. */
const Acciones = ({ a, canEdit }: { a: AlquilerResumen; canEdit: boolean }) => (
  <div className="d-flex gap-1 justify-content-end">
    <Link
      to={comercialHrefs.alquiler(a._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={`Ver ${a.numero}`}
      title="Ver"
    >
      <FaRegEye aria-hidden="true" />
    </Link>
    {canEdit && ESTADOS_ABIERTOS.includes(a.estado) && (
      <Link
        to={comercialHrefs.editarAlquiler(a._id)}
        className="btn btn-sm btn-outline-primary"
        aria-label={`Editar ${a.numero}`}
        title="Editar"
      >
        <FaEdit aria-hidden="true" />
      </Link>
    )}
    <PdfButton compact fetchFile={fetchPdf(`${ALQUILERES_API}/${a._id}/pdf`, `${a.numero}.pdf`)}>
      {`Contrato PDF de ${a.numero}`}
    </PdfButton>
    <Link
      to={comercialHrefs.archivos(a._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={`Archivos de ${a.numero}`}
      title="Archivos"
    >
      <FaFolderOpen aria-hidden="true" />
    </Link>
  </div>
);

const LINEAS: readonly CardLine<AlquilerResumen>[] = [
  { id: 'cliente', icon: <FaUser />, label: 'Cliente', value: (a) => a.cliente },
  {
    id: 'periodo',
    icon: <FaCalendarAlt />,
    label: 'Periodo',
    value: (a) => `${fecha(a.fechaInicio)} – ${fecha(a.fechaFin)}`,
  },
  { id: 'material', icon: <FaBoxes />, label: 'Material', value: material },
  {
    id: 'importe',
    icon: <FaEuroSign />,
    label: 'Importe estimado',
    value: (a) => euros(a.importeEstimado),
  },
];

const columnas = (canEdit: boolean): readonly Column<AlquilerResumen, SortField>[] => [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (a) => (
      <Link to={comercialHrefs.alquiler(a._id)} className="fw-semibold">
        {a.numero}
      </Link>
    ),
  },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (a) => a.cliente },
  {
    id: 'obra',
    header: 'Obra',
    cell: (a) => (
      <>
        {a.obraNombre ?? '—'}
        {a.municipio && <div className="small text-body-secondary">{a.municipio}</div>}
      </>
    ),
  },
  { id: 'desde', header: 'Desde', sortKey: 'fechaInicio', cell: (a) => fecha(a.fechaInicio) },
  { id: 'hasta', header: 'Hasta', sortKey: 'fechaFin', cell: (a) => fecha(a.fechaFin) },
  { id: 'material', header: 'Material', cell: material },
  {
    id: 'importe',
    header: 'Importe estimado',
    sortKey: 'importeEstimado',
    cellClassName: 'text-end text-nowrap',
    cell: (a) => euros(a.importeEstimado),
  },
  {
    id: 'estado',
    header: 'Estado',
    cell: (a) => (
      <AlquilerBadge
        estado={a.estado}
        retraso={a.retrasoDias}
        pendienteRecogida={a.pendienteRecogida}
      />
    ),
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (a) => <Acciones a={a} canEdit={canEdit} />,
  },
];

/** /alquileres (alquileres.view): "Lista" / "Calendario" (comercial.md §5). */
export const AlquilerListPage = () => {
  const list = useListState(ALQUILER_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'alquileres.edit');
  const [flash, dismissFlash] = useFlash();
  const calendario = state.modo === 'calendario';
  const query = useAlquileres(toAlquilerQuery(state));
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = toAlquilerQuery(state);
    return fetchExport(`${ALQUILERES_API}/export`, filtros, 'alquileres')(token);
  });
  return (
    <ResourcePage className="comercial-page">
      <ListHeader
        title={T.alquileres.title}
        actions={
          <>
            <ButtonGroup aria-label="Vista">
              <Button
                variant={calendario ? 'outline-primary' : 'primary'}
                onClick={() => update({ modo: 'lista' })}
              >
                {T.alquileres.lista}
              </Button>
              <Button
                variant={calendario ? 'primary' : 'outline-primary'}
                onClick={() => update({ modo: 'calendario' })}
              >
                {T.alquileres.calendario}
              </Button>
            </ButtonGroup>
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {canEdit && (
              <CreateLink to={comercialHrefs.nuevoAlquiler()}>{T.alquileres.nuevo}</CreateLink>
            )}
          </>
        }
      />
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      {calendario ? (
        <Calendario />
      ) : (
        <>
          <ListToolbar
            list={list}
            searchPlaceholder={T.alquileres.search}
            sortOptions={[
              { value: '-fechaInicio', label: 'Inicio (recientes primero)' },
              { value: 'fechaFin', label: 'Fin (antes primero)' },
              { value: '-numero', label: 'Número (desc.)' },
              { value: '-importeEstimado', label: 'Importe (mayor primero)' },
            ]}
            filters={
              <>
                <EstadosFiltro
                  estado={state.estado}
                  onChange={(estado) => update({ estado, page: 1 })}
                />
                <Form.Check
                  type="switch"
                  id="alquileres-retraso"
                  className="align-self-center"
                  label={T.alquileres.conRetraso}
                  checked={state.retraso === 'si'}
                  onChange={(e) => update({ retraso: e.target.checked ? 'si' : 'no', page: 1 })}
                />
                <FiltroPeriodo
                  id="alquileres-activos"
                  etiquetas={T.alquileres.activosEntre}
                  nombreHasta={T.alquileres.activosHasta}
                  desde={state.desde}
                  hasta={state.hasta}
                  onChange={(fechas) => update({ ...fechas, page: 1 })}
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
              loading: T.alquileres.loading,
              empty: T.alquileres.empty,
              emptyFiltered: T.alquileres.emptyFiltered,
              failed: T.alquileres.failed,
              plural: T.alquileres.plural,
            }}
            filtered={ALQUILER_LIST_STATE.hasFilters({
              ...state,
              // The open states spelled out are the default too.
              estado: estadoDeElegidos(estadosElegidos(state.estado)),
            })}
            onClearFilters={() => update(ALQUILER_LIST_STATE.cleared)}
            onPage={(page) => update({ page })}
            cards={(rows) => (
              <ResourceCards
                rows={rows}
                title={(a) => a.numero}
                badge={(a) => (
                  <AlquilerBadge
                    estado={a.estado}
                    retraso={a.retrasoDias}
                    pendienteRecogida={a.pendienteRecogida}
                  />
                )}
                lines={LINEAS}
                footer={(a) => <Acciones a={a} canEdit={canEdit} />}
              />
            )}
            table={(rows) => (
              <ResourceTable
                rows={rows}
                columns={columnas(canEdit)}
                sort={state.sort}
                onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
              />
            )}
          />
        </>
      )}
    </ResourcePage>
  );
};
