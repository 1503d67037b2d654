import { Link } from 'react-router';
import { Dropdown, Form } from 'react-bootstrap';
import { FaFileImport, FaPen, FaRegEye, FaUser, FaCalendarAlt, FaBoxes } from 'react-icons/fa';
import {
  ALBARAN_SORT_FIELDS,
  can,
  ESTADO_ALBARAN_LABELS,
  ESTADOS_ALBARAN,
  type AlbaranResumen,
} from '@tvsistema/domain';
import { formatFechaHora } from '@tvsistema/domain/format';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { ExportCsvButton, ListHeader } from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourceCards, type CardLine } from '../../../components/resource/resource-cards.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable, type Column } from '../../../components/resource/resource-table.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { FacturarAlquiler } from './facturar-alquiler.js';
import { useFlash } from '../../../lib/flash.js';
import {
  createListState,
  formatSort,
  toggleSort,
  useListState,
  type ListState,
} from '../../../lib/list-state.js';
import { ALBARANES_API, fetchExport, fetchPdf, useAlbaranes } from '../api/logistica-api.js';
import { logisticaHrefs } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { conImportacion, type ConImportacion } from '../importados-list-state.js';
import { FiltroImportacion } from './filtro-importacion.js';
import {
  FILTROS_ALQUILER,
  FiltrosAlquilerCampos,
  filtrosAlquilerQuery,
  type FiltrosAlquiler,
} from './filtros-alquiler.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import { EstadoAlbaranBadge, TipoBadge } from './badges.js';

type Sort = (typeof ALBARAN_SORT_FIELDS)[number];
type Filtros = FiltrosAlquiler & {
  tipo: 'todos' | 'entrega' | 'recogida';
  estado: 'todos' | (typeof ESTADOS_ALBARAN)[number];
  firma: 'no' | 'si';
};
const each = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<V, string>;
export const ALBARAN_LIST_STATE = conImportacion(
  createListState<Sort, Filtros>({
    sortFields: ALBARAN_SORT_FIELDS,
    defaultSort: { field: 'fecha', direction: 'desc' },
    pageSizes: [10, 20, 30, 50],
    defaultPageSize: 20,
    filters: {
      tipo: { todos: undefined, entrega: 'entrega', recogida: 'recogida' },
      estado: { todos: undefined, ...each(ESTADOS_ALBARAN) },
      firma: { no: undefined, si: 'pendiente' },
      ...FILTROS_ALQUILER,
    },
  }),
);
const aQuery = (s: ListState<Sort, ConImportacion<Filtros>>) => ({
  page: s.page,
  limit: s.limit,
  searchTerm: s.q.trim() || undefined,
  tipo: s.tipo === 'todos' ? undefined : s.tipo,
  estado: s.estado === 'todos' ? undefined : s.estado,
  firmado: s.firma === 'si' ? false : undefined,
  ...filtrosAlquilerQuery(s),
  importacionId: s.importacionId || undefined,
  sort: formatSort(s.sort),
});

const Acciones = ({ a, canEdit }: { a: AlbaranResumen; canEdit: boolean }) => (
  <div className="d-flex gap-1 justify-content-end">
    <Link
      to={logisticaHrefs.ver(a._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={`Ver ${a.numero ?? 'borrador'}`}
      title="Ver"
    >
      <FaRegEye aria-hidden="true" />
    </Link>
    {canEdit && a.estado === 'borrador' && (
      <Link
        to={logisticaHrefs.editar(a._id)}
        className="btn btn-sm btn-outline-secondary"
        aria-label={`Editar ${a.numero ?? 'borrador'}`}
        title="Editar"
      >
        <FaPen aria-hidden="true" />
      </Link>
    )}
    <PdfButton
      compact
      fetchFile={fetchPdf(`${ALBARANES_API}/${a._id}/pdf`, `albaran-${a.numero ?? 'borrador'}.pdf`)}
    >{`PDF de ${a.numero ?? 'borrador'}`}</PdfButton>
    <FacturarAlquiler albaran={a} icono />
  </div>
);

const LINEAS: readonly CardLine<AlbaranResumen>[] = [
  { id: 'cliente', icon: <FaUser />, label: 'Cliente', value: (a) => a.cliente.nombre },
  {
    id: 'fecha',
    icon: <FaCalendarAlt />,
    label: 'Fecha',
    value: (a) => formatFechaHora(a.fechaHora),
  },
  { id: 'unidades', icon: <FaBoxes />, label: 'Unidades', value: (a) => String(a.unidades) },
];

const columnas = (canEdit: boolean): readonly Column<AlbaranResumen, Sort>[] => [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (a) => (
      <Link to={logisticaHrefs.ver(a._id)} className="fw-semibold">
        {a.numero ?? 'Borrador'}
      </Link>
    ),
  },
  { id: 'tipo', header: 'Tipo', cell: (a) => <TipoBadge tipo={a.tipo} /> },
  {
    id: 'fecha',
    header: 'Fecha',
    sortKey: 'fecha',
    cellClassName: 'text-nowrap',
    cell: (a) => formatFechaHora(a.fechaHora),
  },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (a) => a.cliente.nombre },
  { id: 'alquiler', header: 'Alquiler', cell: (a) => a.alquiler.numero },
  { id: 'obra', header: 'Obra', cell: (a) => a.obra ?? '—' },
  { id: 'unidades', header: 'Unidades', cellClassName: 'text-end', cell: (a) => a.unidades },
  {
    id: 'estado',
    header: 'Estado',
    sortKey: 'estado',
    cell: (a) => <EstadoAlbaranBadge estado={a.estado} />,
  },
  {
    id: 'firma',
    header: 'Firma',
    // A span's aria-label is not read: the word is hidden text beside the mark.
    cell: (a) =>
      a.firmado ? (
        <>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">Firmado</span>
        </>
      ) : (
        'Pendiente'
      ),
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (a) => <Acciones a={a} canEdit={canEdit} />,
  },
];

/** /albaranes in the alquileres system (logistica.md §5 "List"). */
export const AlbaranListPage = () => {
  const list = useListState(ALBARAN_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'albaranes.edit');
  const [flash, dismissFlash] = useFlash();
  const query = useAlbaranes(aQuery(state));
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = aQuery(state);
    return fetchExport(`${ALBARANES_API}/export`, filtros, 'albaranes')(token);
  });
  return (
    <ResourcePage className="logistica-page">
      <ListHeader
        title={T.lista.tituloAlquiler}
        actions={
          <>
            {canEdit && (
              <Link to={logisticaHrefs.importar()} className="btn btn-outline-secondary">
                <FaFileImport aria-hidden="true" className="me-1" />
                {T.lista.importar}
              </Link>
            )}
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {canEdit && (
              <Dropdown>
                <Dropdown.Toggle variant="primary" id="nuevo-albaran">
                  {T.lista.nuevo}
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  <Dropdown.Item as={Link} to={logisticaHrefs.crear('entrega')}>
                    {T.lista.nuevoEntrega}
                  </Dropdown.Item>
                  <Dropdown.Item as={Link} to={logisticaHrefs.crear('recogida')}>
                    {T.lista.nuevoRecogida}
                  </Dropdown.Item>
                </Dropdown.Menu>
              </Dropdown>
            )}
          </>
        }
      />
      <FiltroImportacion
        importacionId={state.importacionId}
        onQuitar={() => update({ importacionId: '', page: 1 })}
      />
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <ListToolbar
        list={list}
        searchPlaceholder={T.lista.buscarAlquiler}
        sortOptions={[
          { value: '-fecha', label: 'Fecha (recientes primero)' },
          { value: 'fecha', label: 'Fecha (antiguos primero)' },
          { value: '-numero', label: 'Número (desc.)' },
          { value: 'cliente', label: 'Cliente (A-Z)' },
          { value: 'estado', label: 'Estado' },
        ]}
        filters={
          <>
            <ToolbarSelect
              label="Tipo"
              value={state.tipo}
              options={[
                { value: 'todos' as const, label: 'Todos' },
                { value: 'entrega' as const, label: 'Entregas' },
                { value: 'recogida' as const, label: 'Recogidas' },
              ]}
              onChange={(tipo) => update({ tipo, page: 1 })}
            />
            <ToolbarSelect
              label="Estado"
              value={state.estado}
              options={[
                { value: 'todos' as const, label: 'Todos' },
                ...ESTADOS_ALBARAN.map((value) => ({ value, label: ESTADO_ALBARAN_LABELS[value] })),
              ]}
              onChange={(estado) => update({ estado, page: 1 })}
            />
            <Form.Check
              type="switch"
              id="albaranes-pendientes-firma"
              className="align-self-center"
              label={T.lista.pendientesFirma}
              checked={state.firma === 'si'}
              onChange={(e) => update({ firma: e.target.checked ? 'si' : 'no', page: 1 })}
            />
            <FiltrosAlquilerCampos
              state={state}
              etiquetas={{
                cliente: query.data?.data.find((a) => a.cliente._id === state.cliente)?.cliente
                  .nombre,
                alquiler: query.data?.data.find((a) => a.alquiler._id === state.alquiler)?.alquiler
                  .numero,
              }}
              onChange={(patch) => update({ ...patch, page: 1 })}
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
          loading: T.lista.cargando,
          empty: T.lista.vacioAlquiler,
          emptyFiltered: T.lista.sinCoincidencias,
          failed: T.lista.fallo,
          plural: T.lista.plural,
        }}
        filtered={ALBARAN_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(ALBARAN_LIST_STATE.cleared)}
        emptyActions={
          canEdit && (
            <>
              <Link to={logisticaHrefs.crear('entrega')} className="btn btn-primary">
                Albarán de entrega
              </Link>
              <Link to={logisticaHrefs.importar()} className="btn btn-outline-secondary">
                {T.lista.importar}
              </Link>
            </>
          )
        }
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={(a) => a.numero ?? 'Borrador'}
            badge={(a) => <EstadoAlbaranBadge estado={a.estado} />}
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
    </ResourcePage>
  );
};
