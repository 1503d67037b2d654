import { Link } from 'react-router';
import { ButtonGroup, Dropdown } from 'react-bootstrap';
import { FaCalendarAlt, FaEdit, FaEuroSign, FaHardHat, FaRegEye, FaUser } from 'react-icons/fa';
import {
  can,
  ESTADO_PRESUPUESTO_LABELS,
  ESTADOS_PRESUPUESTO,
  type PresupuestoResumen,
} from '@tvsistema/domain';
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
import { toggleSort, useListState } from '../../../lib/list-state.js';
import {
  fetchExport,
  fetchPdf,
  PRESUPUESTOS_API,
  usePlantillas,
  usePresupuestos,
} from '../api/comercial-api.js';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { PRESUPUESTO_LIST_STATE, toPresupuestoQuery } from '../utils/list-states.js';
import { euros, fecha, PresupuestoBadge } from './badges.js';
import { FiltroPeriodo } from './filtro-periodo.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../comercial.css';

type SortField = (typeof PRESUPUESTO_LIST_STATE)['defaults']['sort']['field'];

const ESTADO_OPTIONS = [
  { value: 'todos' as const, label: 'Todos' },
  ...ESTADOS_PRESUPUESTO.map((value) => ({ value, label: ESTADO_PRESUPUESTO_LABELS[value] })),
];

const porCaducar = (validez: string) => {
  const limite = new Date();
  limite.setDate(limite.getDate() + 3);
  return validez <= limite.toISOString().slice(0, 10);
};

const clienteDe = (p: PresupuestoResumen) =>
  p.cliente?.nombre ?? p.clienteProvisional?.nombre ?? '—';
const numeroDe = (p: PresupuestoResumen) => p.numero ?? T.presupuestos.borrador;

const Acciones = ({ p, canEdit }: { p: PresupuestoResumen; canEdit: boolean }) => (
  <div className="d-flex gap-1 justify-content-end">
    <Link
      to={comercialHrefs.presupuesto(p._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={`Ver ${numeroDe(p)}`}
      title="Ver"
    >
      <FaRegEye aria-hidden="true" />
    </Link>
    {canEdit && (p.estado === 'borrador' || p.estado === 'enviado') && (
      <Link
        to={comercialHrefs.editarPresupuesto(p._id)}
        className="btn btn-sm btn-outline-primary"
        aria-label={`Editar ${numeroDe(p)}`}
        title="Editar"
      >
        <FaEdit aria-hidden="true" />
      </Link>
    )}
    <PdfButton
      compact
      fetchFile={fetchPdf(`${PRESUPUESTOS_API}/${p._id}/pdf`, `${p.numero ?? 'presupuesto'}.pdf`)}
    >
      {`PDF de ${numeroDe(p)}`}
    </PdfButton>
  </div>
);

const LINEAS: readonly CardLine<PresupuestoResumen>[] = [
  { id: 'cliente', icon: <FaUser />, label: 'Cliente', value: clienteDe },
  { id: 'obra', icon: <FaHardHat />, label: 'Obra', value: (p) => p.obraNombre ?? '—' },
  {
    id: 'validez',
    icon: <FaCalendarAlt />,
    label: 'Validez',
    value: (p) => `Validez ${fecha(p.fechaValidez)}`,
  },
  { id: 'total', icon: <FaEuroSign />, label: 'Total', value: (p) => euros(p.total) },
];

const columnas = (canEdit: boolean): readonly Column<PresupuestoResumen, SortField>[] => [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (p) => (
      <Link to={comercialHrefs.presupuesto(p._id)} className="fw-semibold">
        {numeroDe(p)}
      </Link>
    ),
  },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: clienteDe },
  { id: 'obra', header: 'Obra', cell: (p) => p.obraNombre ?? '—' },
  { id: 'emision', header: 'Emisión', sortKey: 'fechaEmision', cell: (p) => fecha(p.fechaEmision) },
  {
    id: 'validez',
    header: 'Validez',
    sortKey: 'fechaValidez',
    // §5: red when 3 days or fewer are left on a sent quote.
    cell: (p) => (
      <span
        className={
          p.estado === 'enviado' && porCaducar(p.fechaValidez)
            ? 'text-danger fw-semibold'
            : undefined
        }
      >
        {fecha(p.fechaValidez)}
      </span>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    sortKey: 'total',
    cellClassName: 'text-end text-nowrap',
    cell: (p) => euros(p.total),
  },
  { id: 'estado', header: 'Estado', cell: (p) => <PresupuestoBadge estado={p.estado} /> },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (p) => <Acciones p={p} canEdit={canEdit} />,
  },
];

/** The split's menu: read when first opened (the menu mounts its items then). */
const PlantillasActivas = () => {
  const query = usePlantillas({ activo: true, limit: 20, sort: 'nombre' });
  if (query.isPending)
    return <Dropdown.ItemText>{T.presupuestos.cargandoPlantillas}</Dropdown.ItemText>;
  if (query.isError) return <Dropdown.ItemText>{T.plantillas.failed}</Dropdown.ItemText>;
  if (query.data.data.length === 0)
    return <Dropdown.ItemText>{T.presupuestos.sinPlantillasActivas}</Dropdown.ItemText>;
  return query.data.data.map((p) => (
    <Dropdown.Item key={p._id} as={Link} to={comercialHrefs.nuevoPresupuesto(p._id)}>
      {p.nombre}
    </Dropdown.Item>
  ));
};

/** /presupuestos (presupuestos.view), comercial.md §5. */
export const PresupuestoListPage = () => {
  const list = useListState(PRESUPUESTO_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'presupuestos.edit');
  const [flash, dismissFlash] = useFlash();
  const query = usePresupuestos(toPresupuestoQuery(state));
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = toPresupuestoQuery(state);
    return fetchExport(`${PRESUPUESTOS_API}/export`, filtros, 'presupuestos')(token);
  });
  return (
    <ResourcePage className="comercial-page">
      <ListHeader
        title={T.presupuestos.title}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            <Link to={comercialHrefs.plantillas()} className="btn btn-outline-secondary">
              {T.presupuestos.plantillas}
            </Link>
            {canEdit && (
              // §5: "Nuevo presupuesto" split "Desde plantilla…" (the active templates).
              <Dropdown as={ButtonGroup}>
                <CreateLink to={comercialHrefs.nuevoPresupuesto()}>
                  {T.presupuestos.nuevo}
                </CreateLink>
                <Dropdown.Toggle
                  split
                  variant="primary"
                  className="resource-accent-button"
                  id="nuevo-presupuesto-plantilla"
                >
                  <span className="ms-1">{T.presupuestos.desdePlantilla}</span>
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  <PlantillasActivas />
                </Dropdown.Menu>
              </Dropdown>
            )}
          </>
        }
      />
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <ListToolbar
        list={list}
        searchPlaceholder={T.presupuestos.search}
        sortOptions={[
          { value: '-createdAt', label: 'Más recientes' },
          { value: '-numero', label: 'Número (desc.)' },
          { value: 'fechaValidez', label: 'Validez (antes primero)' },
          { value: '-total', label: 'Total (mayor primero)' },
        ]}
        filters={
          <>
            <ToolbarSelect
              label="Estado"
              value={state.estado}
              options={ESTADO_OPTIONS}
              onChange={(estado) => update({ estado, page: 1 })}
            />
            <FiltroPeriodo
              id="presupuestos-emitido"
              etiquetas={T.presupuestos.emitido}
              nombreHasta={T.presupuestos.emitidoHasta}
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
          loading: T.presupuestos.loading,
          empty: T.presupuestos.empty,
          emptyFiltered: T.presupuestos.emptyFiltered,
          failed: T.presupuestos.failed,
          plural: T.presupuestos.plural,
        }}
        filtered={PRESUPUESTO_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(PRESUPUESTO_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ResourceCards
            rows={rows}
            title={numeroDe}
            badge={(p) => <PresupuestoBadge estado={p.estado} />}
            lines={LINEAS}
            footer={(p) => <Acciones p={p} canEdit={canEdit} />}
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
