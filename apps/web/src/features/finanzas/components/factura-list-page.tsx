import { useMemo, useState } from 'react';
import { Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { FaEdit, FaRegEye } from 'react-icons/fa';
import { useQueryClient } from '@tanstack/react-query';
import {
  can,
  empresaForSystem,
  ESTADO_FACTURA_LABELS,
  type FACTURA_SORT_FIELDS,
  type Factura,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { sumDecimals } from '@tvsistema/domain/money';
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
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { toggleSort, useListState } from '../../../lib/list-state.js';
import { useSystem } from '../../../lib/system-context.js';
import {
  FACTURAS_API,
  fetchFacturaPdf,
  fetchFacturasCsv,
  finanzasKeys,
  useFacturas,
  usePendientesAlquiler,
  useClientes,
} from '../api/finanzas-api.js';
import { T, TL } from '../finanzas-texts.js';
import { EmitirLoteModal, nombreBorrador } from './emitir-lote-modal.js';
import { EstadoFactura } from './estado-factura.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import { FACTURA_LIST_STATE, FacturaFiltros, facturaListParams } from './filtros-lista.js';

type Sort = (typeof FACTURA_SORT_FIELDS)[number];

const ORIGEN_LABELS = { alquiler: 'Alquiler', albaran: 'Albaranes', manual: 'Manual' } as const;
const VERIFACTU_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  aceptado: 'Aceptada',
  aceptado_con_errores: 'Con errores',
  rechazado: 'Rechazada',
};

const numeroDe = (f: Factura) => f.numero ?? 'Borrador';
const fecha = (f: string | null) => (f ? formatFecha(f) : '—');

/** The drafts chosen for "Emitir seleccionadas" (§5): only draft rows have a checkbox. */
type Seleccion = {
  elegidas: ReadonlySet<string>;
  borradores: readonly Factura[];
  cambiar: (ids: readonly string[], elegir: boolean) => void;
};

const columnaSeleccion = ({ elegidas, borradores, cambiar }: Seleccion): Column<Factura, Sort> => {
  const todas = borradores.length > 0 && borradores.every((f) => elegidas.has(f._id));
  return {
    id: 'seleccion',
    header: (
      <Form.Check
        id="facturas-seleccionar-todas"
        aria-label={TL.seleccionarTodas}
        title={TL.seleccionarTodas}
        checked={todas}
        disabled={borradores.length === 0}
        onChange={(e) =>
          cambiar(
            borradores.map((f) => f._id),
            e.target.checked,
          )
        }
      />
    ),
    cell: (f) =>
      f.estado === 'borrador' ? (
        // The label around the box is its 44 px tap target on a phone (decision 0047).
        <label className="casilla-tactil">
          <Form.Check.Input
            type="checkbox"
            aria-label={TL.seleccionar(f.cliente.nombre, formatEuros(f.importeTotal))}
            checked={elegidas.has(f._id)}
            onChange={(e) => cambiar([f._id], e.target.checked)}
          />
        </label>
      ) : null,
  };
};

const columnas = (canEdit: boolean): readonly Column<Factura, Sort>[] => [
  {
    id: 'numero',
    header: 'Número',
    sortKey: 'numero',
    cellClassName: 'text-nowrap',
    cell: (f) =>
      f.numero ? (
        <Link to={`/facturas/${f._id}`} className="fw-semibold">
          {f.numero}
        </Link>
      ) : (
        <Badge bg="secondary" title={nombreBorrador(f)}>
          Borrador
        </Badge>
      ),
  },
  { id: 'fecha', header: 'Fecha', sortKey: 'fecha', cell: (f) => fecha(f.fechaExpedicion) },
  { id: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (f) => f.cliente.nombre },
  { id: 'origen', header: 'Origen', cell: (f) => ORIGEN_LABELS[f.origen] },
  {
    id: 'base',
    header: 'Base',
    cellClassName: 'text-end text-nowrap',
    cell: (f) => formatEuros(f.baseImponible),
  },
  {
    id: 'iva',
    header: 'IVA',
    cellClassName: 'text-end text-nowrap',
    cell: (f) => formatEuros(f.cuotaIva),
  },
  {
    id: 'total',
    header: 'Total',
    sortKey: 'total',
    cellClassName: 'text-end text-nowrap',
    cell: (f) => formatEuros(f.importeTotal),
  },
  {
    id: 'pendiente',
    header: 'Pendiente',
    sortKey: 'pendiente',
    cellClassName: 'text-end text-nowrap',
    cell: (f) => formatEuros(f.pendiente),
  },
  {
    id: 'vencimiento',
    header: 'Vencimiento',
    sortKey: 'vencimiento',
    cell: (f) => fecha(f.fechaVencimiento),
  },
  { id: 'estado', header: 'Estado', cell: (f) => <EstadoFactura factura={f} /> },
  {
    id: 'verifactu',
    header: 'VERI*FACTU',
    cell: (f) => (f.verifactu ? (VERIFACTU_LABELS[f.verifactu.estado] ?? f.verifactu.estado) : '—'),
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: (f) => (
      <div className="d-flex gap-1 justify-content-end">
        <Link
          to={`/facturas/${f._id}`}
          className="btn btn-sm btn-outline-secondary"
          aria-label={`Ver ${numeroDe(f)}`}
          title="Ver"
        >
          <FaRegEye aria-hidden="true" />
        </Link>
        {canEdit && f.estado === 'borrador' && (
          <Link
            to={
              f.empresa === 'transporte'
                ? `/facturas/transporte/${f._id}/editar`
                : `/facturas/${f._id}/editar`
            }
            className="btn btn-sm btn-outline-primary"
            aria-label={`Editar ${numeroDe(f)}`}
            title="Editar"
          >
            <FaEdit aria-hidden="true" />
          </Link>
        )}
        <PdfButton compact fetchFile={fetchFacturaPdf(f._id, f.numero)}>
          {`PDF de ${numeroDe(f)}`}
        </PdfButton>
      </div>
    ),
  },
];

/** Modal "Facturar alquileres" (rule 10): one draft per alquiler and period. */
const FacturarAlquileresModal = ({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (n: number) => void;
}) => {
  const hoy = diaEnMadrid();
  const finMesAnterior = (() => {
    const d = new Date(`${hoy.slice(0, 7)}-01T12:00:00Z`);
    d.setUTCDate(0);
    return d.toISOString().slice(0, 10);
  })();
  const [hasta, setHasta] = useState(finMesAnterior);
  const pendientes = usePendientesAlquiler(hasta, Boolean(hasta));
  const clientes = useClientes('alquileres');
  const nombres = new Map((clientes.data ?? []).map((c) => [c._id, c.nombre]));
  const [elegidos, setElegidos] = useState<Set<string> | null>(null);
  const filas = pendientes.data ?? [];
  const seleccion = elegidos ?? new Set(filas.map((p) => p.origenId));
  const base = sumDecimals(
    filas.filter((p) => seleccion.has(p.origenId)).map((p) => p.baseEstimada),
  );
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const crear = async () => {
    setEnviando(true);
    setError(null);
    try {
      const r = await api.post<{ data: string[] }>(`${FACTURAS_API}/desde-alquileres`, {
        hasta,
        alquilerIds: [...seleccion],
      });
      onDone(r.data.length);
    } catch (e) {
      setError(serverMessageOr(e, 'No se pudieron crear los borradores'));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="facturar-alquileres-titulo">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="facturar-alquileres-titulo">{T.run.titulo}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId="facturar-hasta" className="mb-3">
          <Form.Label>{T.run.hasta}</Form.Label>
          <Form.Control
            type="date"
            value={hasta}
            onChange={(e) => {
              setHasta(e.target.value);
              setElegidos(null);
            }}
          />
        </Form.Group>
        {error && (
          <div role="alert" className="alert alert-danger">
            {error}
          </div>
        )}
        {pendientes.isLoading ? (
          <p>Cargando…</p>
        ) : filas.length === 0 ? (
          <p>{T.run.vacio(hasta ? formatFecha(hasta) : '')}</p>
        ) : (
          <>
            <div
              className="table-responsive"
              role="region"
              aria-label="Alquileres pendientes"
              tabIndex={0}
            >
              <Table size="sm">
                <thead>
                  <tr>
                    <th>
                      <span className="visually-hidden">Seleccionar</span>
                    </th>
                    <th>Alquiler</th>
                    <th>Cliente</th>
                    <th>Obra</th>
                    <th>Periodo</th>
                    <th className="text-end">Base estimada</th>
                  </tr>
                </thead>
                <tbody>
                  {filas.map((p) => (
                    <tr key={`${p.origenId}-${p.desde}`}>
                      <td>
                        <Form.Check
                          aria-label={`Seleccionar ${p.numero}`}
                          checked={seleccion.has(p.origenId)}
                          onChange={(e) => {
                            const s = new Set(seleccion);
                            if (e.target.checked) s.add(p.origenId);
                            else s.delete(p.origenId);
                            setElegidos(s);
                          }}
                        />
                      </td>
                      <td>{p.numero}</td>
                      <td>{nombres.get(p.clienteId) ?? '—'}</td>
                      <td>{p.detalle ?? '—'}</td>
                      <td className="text-nowrap">{`${formatFecha(p.desde)}–${formatFecha(p.hasta)}`}</td>
                      <td className="text-end text-nowrap">{formatEuros(p.baseEstimada)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <p className="mb-0">{T.run.seleccionados(seleccion.size, formatEuros(base))}</p>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          onClick={() => void crear()}
          disabled={enviando || seleccion.size === 0 || filas.length === 0}
        >
          {enviando ? 'Creando…' : T.run.crear}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

/** /facturas (facturas.view), finanzas.md §5; the title follows the current system. */
export const FacturaListPage = () => {
  const list = useListState(FACTURA_LIST_STATE);
  const { state, update } = list;
  const { currentSystem } = useSystem();
  const empresa = empresaForSystem(currentSystem) === 'transporte' ? 'transporte' : 'alquileres';
  const { roles } = useAuthContext();
  const canEdit = can(
    roles,
    empresa === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit',
  );
  const fiscal = can(roles, 'facturacion.fiscal');
  const [flash, dismissFlash] = useFlash();
  const [aviso, setAviso] = useState<string | null>(null);
  const [run, setRun] = useState(false);
  const [elegidas, setElegidas] = useState<ReadonlySet<string>>(new Set());
  // The drafts the modal issues, fixed when it opens (the selection is cleared once issued).
  const [lote, setLote] = useState<readonly Factura[] | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const params = useMemo(() => facturaListParams(empresa, state), [empresa, state]);
  const query = useFacturas(params);
  const csv = useCsvExport((_p: undefined, token) => {
    const { page: _page, limit: _limit, ...filtros } = params;
    return fetchFacturasCsv(filtros)(token);
  });
  const sumas = query.data?.meta.sumas;
  // Only the drafts on this page can be chosen; a filter or a page change leaves the rest out.
  const borradores = (query.data?.data ?? []).filter((f) => f.estado === 'borrador');
  const seleccionadas = borradores.filter((f) => elegidas.has(f._id));
  const seleccion: Seleccion = {
    elegidas,
    borradores,
    cambiar: (ids, elegir) =>
      setElegidas((actual) => {
        const s = new Set(actual);
        for (const id of ids) {
          if (elegir) s.add(id);
          else s.delete(id);
        }
        return s;
      }),
  };
  return (
    <ResourcePage className="finanzas-page">
      <ListHeader
        title={T.lista.titulo(empresa)}
        actions={
          <>
            <ExportCsvButton exporting={csv.exporting} onExport={() => void csv.run(undefined)} />
            {fiscal && (
              <>
                <Link to="/facturas/informes" className="btn btn-outline-secondary">
                  {T.lista.informes}
                </Link>
                <Link to="/facturas/verifactu" className="btn btn-outline-secondary">
                  {T.lista.verifactu}
                </Link>
              </>
            )}
            {empresa === 'transporte' && can(roles, 'compras.view') && (
              <Link to="/transporte/compras" className="btn btn-outline-secondary">
                {T.lista.compras}
              </Link>
            )}
            {canEdit && seleccionadas.length > 0 && (
              <Button onClick={() => setLote(seleccionadas)}>
                {TL.boton(seleccionadas.length)}
              </Button>
            )}
            {canEdit && empresa === 'alquileres' && (
              <Button variant="outline-primary" onClick={() => setRun(true)}>
                {T.lista.facturarAlquileres}
              </Button>
            )}
            {canEdit && (
              <CreateLink
                to={empresa === 'transporte' ? '/facturas/transporte/nueva' : '/facturas/nueva'}
              >
                {T.lista.nueva}
              </CreateLink>
            )}
          </>
        }
      />
      <DismissibleAlert
        variant="success"
        message={flash ?? aviso ?? undefined}
        onClose={() => {
          dismissFlash();
          setAviso(null);
        }}
      />
      <DismissibleAlert variant="danger" message={csv.error} onClose={csv.dismissError} />
      {sumas && (
        <div className="d-flex flex-wrap gap-3 mb-2 small" role="group" aria-label="Resumen">
          <span>
            {T.lista.pendienteCobro}: <strong>{formatEuros(sumas.pendiente)}</strong>
          </span>
          <span>
            {T.lista.vencido}: <strong>{formatEuros(sumas.vencido)}</strong>
          </span>
          <span>
            {T.lista.facturado}: <strong>{formatEuros(sumas.total)}</strong>
          </span>
        </div>
      )}
      <ListToolbar
        list={list}
        searchPlaceholder={T.lista.buscar}
        sortOptions={[
          { value: '-fecha', label: 'Fecha (recientes primero)' },
          { value: '-numero', label: 'Número (desc.)' },
          { value: 'cliente', label: 'Cliente' },
          { value: '-total', label: 'Total (mayor primero)' },
          { value: '-pendiente', label: 'Pendiente (mayor primero)' },
          { value: 'vencimiento', label: 'Vencimiento' },
        ]}
        filters={<FacturaFiltros list={list} empresa={empresa} id="facturas-filtro" />}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <ResourceResults
        query={query}
        view="list"
        texts={{
          loading: T.lista.cargando,
          empty: T.lista.vacio,
          emptyFiltered: T.lista.vacioFiltrado,
          failed: T.lista.error,
          plural: T.lista.plural,
        }}
        filtered={FACTURA_LIST_STATE.hasFilters(state)}
        onClearFilters={() => update(FACTURA_LIST_STATE.cleared)}
        onPage={(page) => update({ page })}
        // §5's empty state: "Nueva factura" and, in alquileres, "Facturar alquileres".
        emptyActions={
          canEdit ? (
            <>
              <Link
                to={empresa === 'transporte' ? '/facturas/transporte/nueva' : '/facturas/nueva'}
                className="btn btn-primary"
              >
                {T.lista.nueva}
              </Link>
              {empresa === 'alquileres' && (
                <Button variant="outline-primary" onClick={() => setRun(true)}>
                  {T.lista.facturarAlquileres}
                </Button>
              )}
            </>
          ) : undefined
        }
        cards={(rows) => (
          <ul className="list-unstyled d-grid gap-2">
            {rows.map((f) => (
              <li key={f._id} className="card card-body">
                <div className="d-flex justify-content-between gap-2">
                  <div className="d-flex align-items-center gap-2">
                    {canEdit && f.estado === 'borrador' && columnaSeleccion(seleccion).cell(f)}
                    <Link to={`/facturas/${f._id}`} className="fw-semibold enlace-suelto">
                      {numeroDe(f)}
                    </Link>
                  </div>
                  <EstadoFactura factura={f} />
                </div>
                <div>{f.cliente.nombre}</div>
                <div className="small">
                  {fecha(f.fechaExpedicion)} · Total {formatEuros(f.importeTotal)} · Pendiente{' '}
                  {formatEuros(f.pendiente)}
                </div>
                <div className="mt-2">{cellOf(columnas(canEdit), 'acciones', f)}</div>
              </li>
            ))}
          </ul>
        )}
        table={(rows) => (
          <ResourceTable
            rows={rows}
            columns={
              canEdit && borradores.length > 0
                ? [columnaSeleccion(seleccion), ...columnas(canEdit)]
                : columnas(canEdit)
            }
            sort={state.sort}
            onSort={(field) => update({ sort: toggleSort(state.sort, field), page: 1 })}
          />
        )}
      />
      {lote && (
        <EmitirLoteModal
          borradores={lote}
          onClose={() => setLote(null)}
          onEmitidas={() => {
            setElegidas(new Set());
            void queryClient.invalidateQueries({ queryKey: finanzasKeys.facturas });
          }}
        />
      )}
      {run && (
        <FacturarAlquileresModal
          onClose={() => setRun(false)}
          onDone={(n) => {
            setRun(false);
            setAviso(T.run.creados(n));
            void queryClient.invalidateQueries({ queryKey: finanzasKeys.facturas });
            update({ estado: 'borrador', page: 1 });
            void navigate;
          }}
        />
      )}
    </ResourcePage>
  );
};

export { ESTADO_FACTURA_LABELS };
