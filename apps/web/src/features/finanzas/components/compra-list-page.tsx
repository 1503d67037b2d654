import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaEdit, FaFilePdf, FaRegEye } from 'react-icons/fa';
import type { ESTADOS_FILTRO_COMPRA } from '@tvsistema/domain';
import { can, COMPRA_SORT_FIELDS, type Compra } from '@tvsistema/domain';
import { formatEuros, formatFecha } from '@tvsistema/domain/format';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import {
  CreateLink,
  ExportCsvButton,
  ListHeader,
} from '../../../components/resource/list-header.js';
import { ListToolbar } from '../../../components/resource/list-toolbar.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ResourceResults } from '../../../components/resource/resource-results.js';
import { ResourceTable, cellOf, type Column } from '../../../components/resource/resource-table.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { createListState, formatSort, toggleSort, useListState } from '../../../lib/list-state.js';
import { fetchComprasCsv, useCompras } from '../api/compras-api.js';
import { comprasBase, TC } from '../finanzas-texts.js';
import { EstadoCompra } from './estado-compra.js';
import { FILTROS_FECHAS, filtroId, FiltroFechas, FiltroTercero } from './filtros-lista.js';

type Sort = (typeof COMPRA_SORT_FIELDS)[number];

export const COMPRA_LIST_STATE = createListState<
  Sort,
  {
    estado: 'todas' | (typeof ESTADOS_FILTRO_COMPRA)[number];
    desde: string;
    hasta: string;
    proveedor: string;
    sinPdf: 'no' | 'si';
  }
>({
  sortFields: COMPRA_SORT_FIELDS,
  defaultSort: { field: 'recepcion', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: {
      todas: undefined,
      pendiente: 'pendiente',
      vencida: 'vencida',
      pagada: 'pagada',
      anulada: 'anulada',
    },
    ...FILTROS_FECHAS,
    proveedor: filtroId(),
    sinPdf: { no: undefined, si: 'true' },
  },
});

const ESTADOS = [
  { value: 'todas' as const, label: 'Todas' },
  { value: 'pendiente' as const, label: 'Pendientes' },
  { value: 'vencida' as const, label: 'Vencidas' },
  { value: 'pagada' as const, label: 'Pagadas' },
  { value: 'anulada' as const, label: 'Anuladas' },
];

const euros = (id: string, header: string, value: (c: Compra) => string, sortKey?: Sort) => ({
  id,
  header,
  ...(sortKey ? { sortKey } : {}),
  cellClassName: 'text-end text-nowrap',
  cell: (c: Compra) => formatEuros(value(c)),
});

const columnas = (base: string, canEdit: boolean): readonly Column<Compra, Sort>[] => [
  {
    id: 'numero',
    header: 'Nº registro',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (c) => (
      <Link to={`${base}/${c._id}`} className="fw-semibold">
        {c.numeroRegistro}
      </Link>
    ),
  },
  {
    id: 'recepcion',
    header: 'Recepción',
    sortKey: 'recepcion',
    cell: (c) => formatFecha(c.fechaRecepcion),
  },
  { id: 'proveedor', header: 'Proveedor', sortKey: 'proveedor', cell: (c) => c.proveedor.nombre },
  { id: 'factura', header: 'Nº factura', cell: (c) => c.numeroFacturaProveedor },
  { id: 'fechaFactura', header: 'Fecha factura', cell: (c) => formatFecha(c.fechaExpedicion) },
  euros('base', 'Base', (c) => c.baseImponible),
  euros('deducible', 'IVA deducible', (c) => c.cuotaDeducible),
  euros('retencion', 'Retención', (c) => c.retencion),
  euros('total', 'Total', (c) => c.importeTotal, 'total'),
  euros('pendiente', 'Pendiente', (c) => c.pendiente, 'pendiente'),
  { id: 'vencimiento', header: 'Vencimiento', cell: (c) => formatFecha(c.fechaVencimiento) },
  { id: 'estado', header: 'Estado', cell: (c) => <EstadoCompra compra={c} /> },
  {
    id: 'pdf',
    header: 'PDF',
    cell: (c) =>
      c.archivo ? <FaFilePdf role="img" aria-label={`PDF: ${c.archivo.nombre}`} /> : TC.sinPdf,
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (c) => (
      <div className="d-flex gap-1 justify-content-end">
        <Link
          to={`${base}/${c._id}`}
          className="btn btn-sm btn-outline-secondary"
          aria-label={`Ver ${c.numeroRegistro}`}
          title="Ver"
        >
          <FaRegEye aria-hidden="true" />
        </Link>
        {canEdit && c.estado !== 'anulada' && (
          <Link
            to={`${base}/${c._id}/editar`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Editar ${c.numeroRegistro}`}
            title="Editar"
          >
            <FaEdit aria-hidden="true" />
          </Link>
        )}
      </div>
    ),
  },
];

/** /compras and /transporte/compras (compras.view), finanzas.md §5. */
export const CompraListPage = ({ transporte = false }: { transporte?: boolean }) => {
  const list = useListState(COMPRA_LIST_STATE);
  const { state, update } = list;
  const empresa = transporte ? 'transporte' : 'alquileres';
  const base = comprasBase(empresa);
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'compras.edit');
  const [flash, dismissFlash] = useFlash();
  const params = useMemo(
    () => ({
      empresa,
      page: state.page,
      limit: state.limit,
      searchTerm: state.q.trim() || undefined,
      estado: state.estado === 'todas' ? undefined : state.estado,
      proveedorId: state.proveedor || undefined,
      desde: state.desde || undefined,
      hasta: state.hasta || undefined,
      sinArchivo: state.sinPdf === 'si' ? true : undefined,
      sort: formatSort(state.sort),
    }),
    [empresa, state],
  );
  const query = useCompras(params);
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = params;
    return fetchComprasCsv(filtros)(token);
  });
  return (
    <ResourcePage className="finanzas-page">
      <ListHeader
        title={TC.lista.titulo(empresa)}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {canEdit && <CreateLink to={`${base}/nueva`}>{TC.lista.nueva}</CreateLink>}
          </>
        }
      />
      <DismissibleAlert variant="success" message={flash ?? undefined} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <ListToolbar
        list={list}
        searchPlaceholder={TC.lista.buscar}
        sortOptions={[
          { value: '-recepcion', label: 'Recepción (recientes primero)' },
          { value: '-numero', label: 'Nº registro (desc.)' },
          { value: 'proveedor', label: 'Proveedor' },
          { value: '-total', label: 'Total (mayor primero)' },
          { value: '-pendiente', label: 'Pendiente (mayor primero)' },
        ]}
        filters={
          <>
            <ToolbarSelect
              label="Estado"
              value={state.estado}
              options={ESTADOS}
              onChange={(estado) => update({ estado, page: 1 })}
            />
            <FiltroFechas
              id="compras-filtro"
              desde={state.desde}
              hasta={state.hasta}
              onChange={(patch) => update({ ...patch, page: 1 })}
            />
            <FiltroTercero
              id="compras-filtro-proveedor"
              tipo="proveedores"
              empresa={empresa}
              value={state.proveedor}
              onChange={(proveedor) => update({ proveedor, page: 1 })}
            />
            <Form.Check
              type="switch"
              id="compras-sin-pdf"
              className="align-self-center"
              label={TC.sinPdf}
              checked={state.sinPdf === 'si'}
              onChange={(e) => update({ sinPdf: e.target.checked ? 'si' : 'no', page: 1 })}
            />
          </>
        }
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <ResourceResults
        query={query}
        view="list"
        texts={{
          loading: TC.lista.cargando,
          empty: TC.lista.vacio,
          emptyFiltered: TC.lista.vacioFiltrado,
          failed: TC.lista.error,
          plural: 'compras',
        }}
        filtered={COMPRA_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(COMPRA_LIST_STATE.cleared)}
        // §5's empty state: "Nueva compra".
        emptyActions={
          canEdit ? (
            <Link to={`${base}/nueva`} className="btn btn-primary">
              {TC.lista.nueva}
            </Link>
          ) : undefined
        }
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ul className="list-unstyled d-grid gap-2">
            {rows.map((c) => (
              <li key={c._id} className="card card-body">
                <div className="d-flex justify-content-between gap-2">
                  <Link to={`${base}/${c._id}`} className="fw-semibold enlace-suelto">
                    {c.numeroRegistro}
                  </Link>
                  <EstadoCompra compra={c} />
                </div>
                <div>{c.proveedor.nombre}</div>
                <div className="small">
                  {formatFecha(c.fechaRecepcion)} · Total {formatEuros(c.importeTotal)} · Pendiente{' '}
                  {formatEuros(c.pendiente)}
                </div>
                <div className="mt-2">{cellOf(columnas(base, canEdit), 'acciones', c)}</div>
              </li>
            ))}
          </ul>
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={columnas(base, canEdit)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
    </ResourcePage>
  );
};
