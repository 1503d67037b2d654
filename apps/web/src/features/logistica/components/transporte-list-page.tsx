import { Link } from 'react-router';
import {
  FaCalendarAlt,
  FaFileImport,
  FaFileInvoice,
  FaRegEye,
  FaRoute,
  FaUser,
} from 'react-icons/fa';
import {
  can,
  ESTADO_TRANSPORTE_LABELS,
  ESTADOS_TRANSPORTE,
  TRANSPORTE_SORT_FIELDS,
  type TransporteResumen,
} from '@tvsistema/domain';
import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
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
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import {
  createListState,
  formatSort,
  textFilter,
  toggleSort,
  useListState,
  type ListState,
} from '../../../lib/list-state.js';
import { fetchExport, fetchPdf, TRANSPORTE_API, useTransportes } from '../api/logistica-api.js';
import { logisticaHrefs, puedeFacturarse } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { conImportacion, type ConImportacion } from '../importados-list-state.js';
import { EstadoAlbaranBadge } from './badges.js';
import { FiltroImportacion } from './filtro-importacion.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import { TransporteFiltros, type FiltrosTransporte } from './transporte-filtros.js';

type Sort = (typeof TRANSPORTE_SORT_FIELDS)[number];
type Filtros = { estado: 'todos' | (typeof ESTADOS_TRANSPORTE)[number] } & FiltrosTransporte;
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRANSPORTE_LIST_STATE = conImportacion(
  createListState<Sort, Filtros>({
    sortFields: TRANSPORTE_SORT_FIELDS,
    defaultSort: { field: 'fecha', direction: 'desc' },
    pageSizes: [10, 20, 30, 50],
    defaultPageSize: 20,
    filters: {
      estado: {
        todos: undefined,
        ...(Object.fromEntries(ESTADOS_TRANSPORTE.map((e) => [e, e])) as Record<
          (typeof ESTADOS_TRANSPORTE)[number],
          string
        >),
      },
      desde: textFilter(FECHA),
      hasta: textFilter(FECHA),
      cliente: textFilter(ID),
      camion: textFilter(ID),
      incompleto: { no: undefined, si: 'true' },
      sinFacturar: { no: undefined, si: 'true' },
    },
  }),
);
const aQuery = (s: ListState<Sort, ConImportacion<Filtros>>) => ({
  page: s.page,
  limit: s.limit,
  searchTerm: s.q.trim() || undefined,
  estado: s.estado === 'todos' ? undefined : s.estado,
  desde: s.desde || undefined,
  hasta: s.hasta || undefined,
  clienteId: s.cliente || undefined,
  camionId: s.camion || undefined,
  incompleto: s.incompleto === 'si' ? true : undefined,
  facturado: s.sinFacturar === 'si' ? false : undefined,
  importacionId: s.importacionId || undefined,
  sort: formatSort(s.sort),
});
const estado = (a: TransporteResumen) => (a.factura ? 'facturado' : a.estado);

const Acciones = ({ a }: { a: TransporteResumen }) => {
  const { roles } = useAuthContext();
  return (
    <div className="d-flex gap-1 justify-content-end">
      <Link
        to={logisticaHrefs.transporteVer(a._id)}
        className="btn btn-sm btn-outline-secondary"
        aria-label={`Ver ${a.numero}`}
        title="Ver"
      >
        <FaRegEye aria-hidden="true" />
      </Link>
      <PdfButton
        compact
        fetchFile={fetchPdf(`${TRANSPORTE_API}/${a._id}/pdf`, `albaran-${a.numero}.pdf`)}
      >{`PDF de ${a.numero}`}</PdfButton>
      {puedeFacturarse(a, roles) && (
        <Link
          to={logisticaHrefs.facturar(a._id)}
          className="btn btn-sm btn-outline-primary"
          aria-label={`Facturar ${a.numero}`}
          title="Facturar"
        >
          <FaFileInvoice aria-hidden="true" />
        </Link>
      )}
    </div>
  );
};

const LINEAS: readonly CardLine<TransporteResumen>[] = [
  { id: 'cliente', icon: <FaUser />, label: 'Cliente', value: (a) => a.cliente.nombre },
  {
    id: 'fecha',
    icon: <FaCalendarAlt />,
    label: 'Fecha de carga',
    value: (a) => formatFecha(a.fechaCarga),
  },
  {
    id: 'ruta',
    icon: <FaRoute />,
    label: 'Ruta',
    value: (a) => `${a.origen ?? '—'} → ${a.destino ?? '—'}`,
  },
];

const COLUMNAS: readonly Column<TransporteResumen, Sort>[] = [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (a) => (
      <Link to={logisticaHrefs.transporteVer(a._id)} className="fw-semibold">
        {a.numero}
      </Link>
    ),
  },
  {
    id: 'fecha',
    header: 'Fecha de carga',
    sortKey: 'fecha',
    cell: (a) => formatFecha(a.fechaCarga),
  },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (a) => a.cliente.nombre },
  {
    id: 'ruta',
    header: 'Origen → Destino',
    cell: (a) => `${a.origen ?? '—'} → ${a.destino ?? '—'}`,
  },
  {
    id: 'matricula',
    header: 'Matrícula',
    cellClassName: 'text-nowrap',
    cell: (a) => a.matricula ?? '—',
  },
  { id: 'conductor', header: 'Conductor', cell: (a) => a.conductor ?? '—' },
  {
    id: 'peso',
    header: 'Peso (kg)',
    cellClassName: 'text-end',
    cell: (a) => (a.pesoKg === null ? '—' : formatNumero(a.pesoKg)),
  },
  {
    id: 'precio',
    header: 'Precio',
    cellClassName: 'text-end text-nowrap',
    cell: (a) => (a.precio ? formatEuros(a.precio) : '—'),
  },
  {
    id: 'estado',
    header: 'Estado',
    sortKey: 'estado',
    cell: (a) => <EstadoAlbaranBadge estado={estado(a)} />,
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (a) => <Acciones a={a} />,
  },
];

/** /albaranes in the transportes system (logistica.md §5 "List"). */
export const TransporteListPage = () => {
  const list = useListState(TRANSPORTE_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const [flash, dismissFlash] = useFlash();
  const query = useTransportes(aQuery(state));
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = aQuery(state);
    return fetchExport(`${TRANSPORTE_API}/export`, filtros, 'albaranes-transporte')(token);
  });
  return (
    <ResourcePage className="logistica-page">
      <ListHeader
        title={T.lista.tituloTransporte}
        actions={
          <>
            {can(roles, 'albaranes.transporte.edit') && (
              <Link to={logisticaHrefs.importar()} className="btn btn-outline-secondary">
                <FaFileImport aria-hidden="true" className="me-1" />
                {T.lista.importar}
              </Link>
            )}
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {can(roles, 'albaranes.transporte.edit') && (
              <CreateLink to={logisticaHrefs.transporteCrear()}>
                {T.lista.nuevoTransporte}
              </CreateLink>
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
        searchPlaceholder={T.lista.buscarTransporte}
        sortOptions={[
          { value: '-fecha', label: 'Fecha de carga (recientes primero)' },
          { value: 'fecha', label: 'Fecha de carga (antiguos primero)' },
          { value: '-numero', label: 'Número (desc.)' },
          { value: 'cliente', label: 'Cliente (A-Z)' },
        ]}
        filters={
          <>
            <ToolbarSelect
              label="Estado"
              value={state.estado}
              options={[
                { value: 'todos' as const, label: 'Todos' },
                ...ESTADOS_TRANSPORTE.map((value) => ({
                  value,
                  label: ESTADO_TRANSPORTE_LABELS[value],
                })),
              ]}
              onChange={(e) => update({ estado: e, page: 1 })}
            />
            <TransporteFiltros state={state} update={update} />
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
          empty: T.lista.vacioTransporte,
          emptyFiltered: T.lista.sinCoincidencias,
          failed: T.lista.fallo,
          plural: T.lista.plural,
        }}
        filtered={TRANSPORTE_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(TRANSPORTE_LIST_STATE.cleared)}
        emptyActions={
          can(roles, 'albaranes.transporte.edit') && (
            <>
              <Link to={logisticaHrefs.transporteCrear()} className="btn btn-primary">
                {T.lista.nuevoTransporte}
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
            title={(a) => a.numero}
            badge={(a) => <EstadoAlbaranBadge estado={estado(a)} />}
            lines={LINEAS}
            footer={(a) => <Acciones a={a} />}
          />
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={COLUMNAS}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
    </ResourcePage>
  );
};
