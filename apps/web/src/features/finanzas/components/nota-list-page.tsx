import { useMemo } from 'react';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaRegEye } from 'react-icons/fa';
import type { FACTURA_SORT_FIELDS } from '@tvsistema/domain';
import { can, type Factura } from '@tvsistema/domain';
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
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { fetchFacturasCsv, NOTAS_API, useFacturas } from '../api/finanzas-api.js';
import { notasBase, T, TN } from '../finanzas-texts.js';
import { EstadoFactura } from './estado-factura.js';
import { FACTURA_LIST_STATE, FacturaFiltros, facturaListParams } from './filtros-lista.js';

type Sort = (typeof FACTURA_SORT_FIELDS)[number];
const fecha = (f: string | null) => (f ? formatFecha(f) : '—');
// A nota's negative pendiente is what is still to be paid back to the client.
const pendienteDevolver = (n: Factura) =>
  n.pendiente.startsWith('-') ? n.pendiente.slice(1) : '0';

const columnas = (base: string): readonly Column<Factura, Sort>[] => [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (n) => (
      <Link to={`${base}/${n._id}`} className="fw-semibold">
        {n.numero ?? <Badge bg="secondary">Borrador</Badge>}
      </Link>
    ),
  },
  { id: 'fecha', header: 'Fecha', sortKey: 'fecha', cell: (n) => fecha(n.fechaExpedicion) },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (n) => n.cliente.nombre },
  {
    id: 'rectificada',
    header: 'Factura rectificada',
    cell: (n) =>
      n.facturaRectificadaId ? (
        <Link to={`/facturas/${n.facturaRectificadaId}`}>{n.facturaRectificadaNumero ?? '—'}</Link>
      ) : (
        '—'
      ),
  },
  { id: 'tipo', header: 'Tipo', cell: (n) => n.tipoFactura },
  { id: 'motivo', header: 'Motivo', cell: (n) => n.motivo ?? '—' },
  {
    id: 'total',
    header: 'Total',
    sortKey: 'total',
    cellClassName: 'text-end text-nowrap',
    cell: (n) => formatEuros(n.importeTotal),
  },
  {
    id: 'devolver',
    header: 'Pendiente de devolver',
    cellClassName: 'text-end text-nowrap',
    cell: (n) => formatEuros(pendienteDevolver(n)),
  },
  { id: 'estado', header: 'Estado', cell: (n) => <EstadoFactura factura={n} /> },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (n) => (
      <div className="d-flex justify-content-end">
        <Link
          to={`${base}/${n._id}`}
          className="btn btn-sm btn-outline-secondary"
          aria-label={`Ver ${n.numero ?? 'borrador'}`}
          title="Ver"
        >
          <FaRegEye aria-hidden="true" />
        </Link>
      </div>
    ),
  },
];

/** /notas and /transporte/facturas/notas (notas.view), finanzas.md §5: filters as facturas. */
export const NotaListPage = ({ transporte = false }: { transporte?: boolean }) => {
  const list = useListState(FACTURA_LIST_STATE);
  const { state, update } = list;
  const empresa = transporte ? 'transporte' : 'alquileres';
  const base = notasBase(empresa);
  const { roles } = useAuthContext();
  const [flash, dismissFlash] = useFlash();
  const params = useMemo(() => facturaListParams(empresa, state), [empresa, state]);
  const query = useFacturas(params, NOTAS_API);
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = params;
    return fetchFacturasCsv(filtros, NOTAS_API)(token);
  });
  return (
    <ResourcePage className="finanzas-page">
      <ListHeader
        title={TN.lista.titulo(empresa)}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {can(roles, 'notas.edit') && (
              <CreateLink to={`${base}/nueva`}>{TN.lista.nueva}</CreateLink>
            )}
          </>
        }
      />
      <DismissibleAlert variant="success" message={flash ?? undefined} onClose={dismissFlash} />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      <ListToolbar
        list={list}
        searchPlaceholder={T.lista.buscar}
        sortOptions={[
          { value: '-fecha', label: 'Fecha (recientes primero)' },
          { value: '-numero', label: 'Número (desc.)' },
          { value: 'cliente', label: 'Cliente' },
          { value: 'total', label: 'Total (mayor abono primero)' },
        ]}
        filters={<FacturaFiltros list={list} empresa={empresa} id="notas-filtro" />}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <ResourceResults
        query={query}
        view="list"
        texts={{
          loading: TN.lista.cargando,
          empty: TN.lista.vacio,
          emptyFiltered: TN.lista.vacioFiltrado,
          failed: TN.lista.error,
          plural: TN.lista.plural,
        }}
        filtered={FACTURA_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(FACTURA_LIST_STATE.cleared)}
        // §5's empty state: "Nueva nota de abono".
        emptyActions={
          can(roles, 'notas.edit') ? (
            <Link to={`${base}/nueva`} className="btn btn-primary">
              {TN.lista.nueva}
            </Link>
          ) : undefined
        }
        onPage={(page) => update({ page })}
        cards={(rows) => (
          <ul className="list-unstyled d-grid gap-2">
            {rows.map((n) => (
              <li key={n._id} className="card card-body">
                <div className="d-flex justify-content-between gap-2">
                  <Link to={`${base}/${n._id}`} className="fw-semibold enlace-suelto">
                    {n.numero ?? 'Borrador'}
                  </Link>
                  <EstadoFactura factura={n} />
                </div>
                <div>{n.cliente.nombre}</div>
                <div className="small">
                  {fecha(n.fechaExpedicion)} · Total {formatEuros(n.importeTotal)}
                </div>
                <div className="mt-2">{cellOf(columnas(base), 'acciones', n)}</div>
              </li>
            ))}
          </ul>
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={columnas(base)}
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
    </ResourcePage>
  );
};
