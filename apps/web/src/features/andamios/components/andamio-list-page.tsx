import { useEffect, useState } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaEdit, FaRegEye } from 'react-icons/fa';
import { can, formatNumero } from '@tvsistema/domain';
import {
  CATEGORIA_COMPONENTE_LABELS,
  CATEGORIAS_COMPONENTE,
  type Componente,
  type ComponenteSortField,
} from '@tvsistema/domain/inventario';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { ListToolbar, SEARCH_DEBOUNCE_MS } from '../../../components/resource/list-toolbar.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable, type Column } from '../../../components/resource/resource-table.js';
import { ToolbarSelect, type ToolbarOption } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import {
  exportAndamios,
  fetchInventarioPdf,
  useAndamios,
  useResumenAndamios,
  type AndamioExportParams,
} from '../api/andamios-api.js';
import { andamioHrefs } from '../andamio-paths.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import { formatKg, formatPrecio, formatToneladas } from '../utils/andamio-format.js';
import {
  ANDAMIO_LIST_STATE,
  toAndamioParams,
  type AndamioListState,
} from '../utils/andamio-list-state.js';
import { AndamioBadges } from './andamio-badges.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../andamios.css';

const SORT_OPTIONS: readonly ToolbarOption<string>[] = [
  { value: 'codigo', label: 'Código (A-Z)' },
  { value: '-codigo', label: 'Código (Z-A)' },
  { value: 'nombre', label: 'Nombre (A-Z)' },
  { value: 'categoria', label: 'Categoría' },
  { value: '-disponible', label: 'Más disponibles' },
  { value: 'disponible', label: 'Menos disponibles' },
  { value: 'pesoKg', label: 'Peso (menor primero)' },
  { value: '-pesoKg', label: 'Peso (mayor primero)' },
  { value: 'precioDia', label: 'Precio día (menor primero)' },
  { value: '-precioDia', label: 'Precio día (mayor primero)' },
];

const CATEGORIA_OPTIONS = [
  { value: 'todas' as const, label: T.filters.categoriaTodas },
  ...CATEGORIAS_COMPONENTE.map((value) => ({ value, label: CATEGORIA_COMPONENTE_LABELS[value] })),
];
const ESTADO_OPTIONS = [
  { value: 'activos' as const, label: T.filters.activos },
  { value: 'inactivos' as const, label: T.filters.inactivos },
  { value: 'todos' as const, label: T.filters.todos },
];

const n = (value: number) => formatNumero(value);

const AndamioActions = ({ record, canEdit }: { record: Componente; canEdit: boolean }) => (
  <div className="d-flex gap-1 justify-content-end">
    <Link
      to={andamioHrefs.detail(record._id)}
      className="btn btn-sm btn-outline-secondary"
      aria-label={T.viewOf(record.codigo)}
      title={T.view}
    >
      <FaRegEye aria-hidden="true" />
    </Link>
    {canEdit && (
      <Link
        to={andamioHrefs.edit(record._id)}
        className="btn btn-sm btn-outline-primary"
        aria-label={T.editOf(record.codigo)}
        title={T.edit}
      >
        <FaEdit aria-hidden="true" />
      </Link>
    )}
  </div>
);

const CodigoLink = ({ record }: { record: Componente }) => (
  <Link to={andamioHrefs.detail(record._id)} className="fw-semibold text-nowrap">
    {record.codigo}
  </Link>
);

const columns = (canEdit: boolean): readonly Column<Componente, ComponenteSortField>[] => [
  {
    id: 'codigo',
    header: T.columns.codigo,
    sortKey: 'codigo',
    cell: (r) => <CodigoLink record={r} />,
  },
  { id: 'nombre', header: T.columns.componente, sortKey: 'nombre', cell: (r) => r.nombre },
  {
    id: 'categoria',
    header: T.columns.categoria,
    sortKey: 'categoria',
    cell: (r) => CATEGORIA_COMPONENTE_LABELS[r.categoria],
  },
  {
    id: 'peso',
    header: T.columns.peso,
    sortKey: 'pesoKg',
    cellClassName: 'text-end',
    cell: (r) => formatKg(r.pesoKg),
  },
  {
    id: 'precioDia',
    header: T.columns.precioDia,
    sortKey: 'precioDia',
    cellClassName: 'text-end text-nowrap',
    cell: (r) => formatPrecio(r.precios.dia),
  },
  {
    id: 'disponible',
    header: T.columns.disponible,
    sortKey: 'disponible',
    cellClassName: 'text-end',
    cell: (r) => n(r.stock.disponible),
  },
  {
    id: 'alquilado',
    header: T.columns.alquilado,
    cellClassName: 'text-end',
    cell: (r) => n(r.stock.alquilado),
  },
  {
    id: 'enReparacion',
    header: T.columns.enReparacion,
    cellClassName: 'text-end',
    cell: (r) => n(r.stock.enReparacion),
  },
  { id: 'baja', header: T.columns.baja, cellClassName: 'text-end', cell: (r) => n(r.stock.baja) },
  { id: 'estado', header: T.columns.estado, cell: (r) => <AndamioBadges record={r} /> },
  {
    id: 'acciones',
    header: T.columns.acciones,
    headerClassName: 'text-end',
    cell: (r) => <AndamioActions record={r} canEdit={canEdit} />,
  },
];

/** Below 768 px the table becomes stacked rows: one block per component, actions visible. */
const StackedRows = ({ rows, canEdit }: { rows: readonly Componente[]; canEdit: boolean }) => (
  <Card className="shadow-sm">
    <ul className="list-unstyled mb-0 andamio-stacked" aria-label="Resultados">
      {rows.map((r) => (
        <li key={r._id} className="p-3 border-bottom">
          <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
            <div>
              <CodigoLink record={r} />
              <div className="text-break">{r.nombre}</div>
              <div className="small text-body-secondary">
                {CATEGORIA_COMPONENTE_LABELS[r.categoria]} · {formatKg(r.pesoKg)} kg ·{' '}
                {formatPrecio(r.precios.dia)}/día
              </div>
            </div>
            <AndamioBadges record={r} />
          </div>
          <dl className="d-flex flex-wrap gap-3 small mb-2 mt-2">
            {(
              [
                [T.columns.disponible, r.stock.disponible],
                [T.columns.alquilado, r.stock.alquilado],
                [T.columns.enReparacion, r.stock.enReparacion],
                [T.columns.baja, r.stock.baja],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="fw-normal text-body-secondary">{label}</dt>
                <dd className="mb-0 fw-semibold">{n(value)}</dd>
              </div>
            ))}
          </dl>
          <AndamioActions record={r} canEdit={canEdit} />
        </li>
      ))}
    </ul>
  </Card>
);

const ResumenCards = () => {
  const resumen = useResumenAndamios();
  const data = resumen.data;
  const cards = [
    [T.resumen.piezasPropiedad, data && n(data.piezasPropiedad)],
    [T.resumen.disponibles, data && n(data.disponibles)],
    [T.resumen.alquiladas, data && n(data.alquiladas)],
    [T.resumen.enReparacion, data && n(data.enReparacion)],
    [T.resumen.pesoAlquilado, data && formatToneladas(data.pesoAlquiladoKg)],
  ] as const;
  return (
    <section aria-label="Resumen del stock">
      <Row xs={2} md={3} xl={5} className="g-2 mb-3">
        {cards.map(([label, value]) => (
          <Col key={label}>
            <Card body className="h-100 shadow-sm andamio-resumen-card">
              <dl className="mb-0">
                <dt className="small fw-normal text-body-secondary">{label}</dt>
                <dd className="h4 mb-0">{value ?? '—'}</dd>
              </dl>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
};

/** Sistema: a typed filter, applied a moment after the user stops typing. */
const SistemaFilter = ({
  value,
  onChange,
}: {
  value: string;
  onChange: (sistema: string) => void;
}) => {
  const [text, setText] = useState(value);
  const [urlValue, setUrlValue] = useState(value);
  if (urlValue !== value) {
    setUrlValue(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onChange(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <Col xs={6} sm="auto">
      <Form.Control
        type="search"
        aria-label={T.filters.sistema}
        placeholder={T.filters.sistemaPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </Col>
  );
};

const Toggle = ({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <Col xs={6} sm="auto">
    <Form.Check
      type="switch"
      id={id}
      label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  </Col>
);

/** /andamios (andamios.view): components and stock (inventario.md §5.4). List only. */
export const AndamioListPage = () => {
  const list = useListState(ANDAMIO_LIST_STATE);
  const { state, update } = list;
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'andamios.edit');
  const [flash, dismissFlash] = useFlash();
  const query = useAndamios(toAndamioParams(state));
  const csv = useCsvExport((params: AndamioExportParams, getAccessToken) =>
    exportAndamios(params, getAccessToken),
  );

  const totalPages = query.data?.meta.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [totalPages, state.page, update]);

  const onExport = () => {
    const { page: _page, limit: _limit, ...filters } = toAndamioParams(state);
    void csv.run(filters);
  };
  const patch = (change: Partial<AndamioListState>) => update({ ...change, page: 1 });

  return (
    <ResourcePage className="andamios-page">
      <ListHeader
        title={T.listTitle}
        actions={
          <>
            <PdfButton fetchFile={fetchInventarioPdf}>{T.printInventario}</PdfButton>
            <ExportCsvButton exporting={csv.exporting} onExport={onExport} />
            {canEdit && <CreateLink to={andamioHrefs.create()}>{T.newButton}</CreateLink>}
          </>
        }
      />
      <p className="text-body-secondary mt-n2 mb-3">{T.listSubtitle}</p>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />

      <ResumenCards />

      <ListToolbar
        list={list}
        searchPlaceholder={T.searchPlaceholder}
        sortOptions={SORT_OPTIONS}
        filters={
          <>
            <ToolbarSelect
              label={T.filters.categoria}
              value={state.categoria}
              options={CATEGORIA_OPTIONS}
              onChange={(categoria) => patch({ categoria })}
            />
            <SistemaFilter value={state.sistema} onChange={(sistema) => patch({ sistema })} />
            <ToolbarSelect
              label={T.filters.estado}
              value={state.estado}
              options={ESTADO_OPTIONS}
              onChange={(estado) => patch({ estado })}
            />
            <Toggle
              id="andamios-bajo-minimo"
              label={T.filters.bajoMinimo}
              checked={state.bajoMinimo === 'si'}
              onChange={(on) => patch({ bajoMinimo: on ? 'si' : 'no' })}
            />
            <Toggle
              id="andamios-sobrerreserva"
              label={T.filters.sobrerreserva}
              checked={state.sobrerreserva === 'si'}
              onChange={(on) => patch({ sobrerreserva: on ? 'si' : 'no' })}
            />
          </>
        }
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />

      <ResourceResults
        query={query}
        // §5.4: list only; below 768 px the kit shows the "cards" slot, stacked rows here.
        view="list"
        texts={{
          loading: T.loadingList,
          empty: T.empty,
          emptyFiltered: T.emptyFiltered,
          failed: T.listFailed,
          plural: T.plural,
        }}
        filtered={ANDAMIO_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(ANDAMIO_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        cards={(rows) => <StackedRows rows={rows} canEdit={canEdit} />}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={columns(canEdit)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
    </ResourcePage>
  );
};
