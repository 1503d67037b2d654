import { useState } from 'react';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  diaEnMadrid,
  formatFecha,
  formatFechaHora,
  formatNumero,
  sumarDias,
} from '@tvsistema/domain';
import {
  CUENTA_STOCK_LABELS,
  TIPO_MOVIMIENTO,
  TIPOS_MOVIMIENTO,
  type Componente,
  type TipoMovimiento,
} from '@tvsistema/domain/inventario';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ListPagination } from '../../../components/resource/pagination.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useDisponibilidad, useMovimientos, type ReservaComponente } from '../api/andamios-api.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import { paths } from '../../../config/paths.js';
import { unidades } from '../utils/andamio-format.js';
import { TablaDesplazable } from '../../../components/resource/tabla-desplazable.js';

/** An adjustment with its sign, the minus a real one (U+2212) as the recount confirm writes it. */
const ajusteNumero = (cantidad: number) =>
  `${cantidad < 0 ? '−' : '+'}${formatNumero(Math.abs(cantidad))}`;

const ESTADO_RESERVA: Record<ReservaComponente['estado'], string> = {
  activo: 'Activa',
  liberado: 'Liberada',
};

/** "Disponibilidad": free pieces per day under the capacity, and the bookings of the period. */
export const DisponibilidadTab = ({ record }: { record: Componente }) => {
  const hoy = diaEnMadrid();
  const [desde, setDesde] = useState(hoy);
  const [hasta, setHasta] = useState(sumarDias(hoy, 60));
  const valid = Boolean(desde && hasta && desde <= hasta);
  const query = useDisponibilidad(record._id, desde, hasta, valid);
  const data = query.data;
  const capacidad = data?.capacidad ?? 0;

  return (
    <div>
      <Row className="g-2 mb-3 align-items-end">
        <Form.Group as={Col} xs={6} sm="auto" controlId="disponibilidad-desde">
          <Form.Label className="small mb-1">{T.desde}</Form.Label>
          <Form.Control type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} xs={6} sm="auto" controlId="disponibilidad-hasta">
          <Form.Label className="small mb-1">{T.hasta}</Form.Label>
          <Form.Control type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
        </Form.Group>
      </Row>
      {query.isError && (
        <Alert variant="danger">{serverMessageOr(query.error, T.disponibilidadFailed)}</Alert>
      )}
      {valid && query.isPending && <LoadingStatus message={T.loadingDisponibilidad} />}
      {data && (
        <>
          <p className="mb-2">
            <span className="me-3">{T.capacidad(unidades(capacidad))}</span>
            <strong>{T.minimo(unidades(data.libresMin), formatFecha(data.fechaLimitante))}</strong>
          </p>
          <div className="andamio-dias mb-2" aria-hidden="true">
            {data.dias.map((dia) => (
              <div
                key={dia.fecha}
                className={`andamio-dia${dia.libres <= 0 ? ' is-low' : ''}`}
                style={{
                  height: `${capacidad > 0 ? Math.max(0, Math.min(100, (dia.libres / capacidad) * 100)) : 0}%`,
                }}
                title={`${formatFecha(dia.fecha)}: ${unidades(dia.libres)}`}
              />
            ))}
          </div>
          <details className="mb-3">
            <summary>{T.libresPorDia}</summary>
            <div
              className="table-responsive"
              style={{ maxHeight: '20rem' }}
              tabIndex={0}
              role="region"
              aria-label={T.libresPorDia}
            >
              <Table size="sm" className="mb-0">
                <caption className="visually-hidden">{T.libresPorDia}</caption>
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col" className="text-end">
                      Reservadas
                    </th>
                    <th scope="col" className="text-end">
                      Libres
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.dias.map((dia) => (
                    <tr key={dia.fecha}>
                      <td>{formatFecha(dia.fecha)}</td>
                      <td className="text-end">{formatNumero(dia.reservado)}</td>
                      <td className="text-end">{formatNumero(dia.libres)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </details>
          {data.reservas.length === 0 ? (
            <p className="text-body-secondary mb-0">{T.sinReservas}</p>
          ) : (
            <TablaDesplazable className="mb-0" label={T.reservasTabla}>
              <thead>
                <tr>
                  <th scope="col">{T.reservasColumns.referencia}</th>
                  <th scope="col">{T.reservasColumns.desde}</th>
                  <th scope="col">{T.reservasColumns.hasta}</th>
                  <th scope="col" className="text-end">
                    {T.reservasColumns.cantidad}
                  </th>
                  <th scope="col">{T.reservasColumns.estado}</th>
                </tr>
              </thead>
              <tbody>
                {data.reservas.map((reserva) => (
                  <tr key={reserva._id}>
                    <td>
                      {reserva.origenTipo === 'alquiler' ? (
                        <Link to={paths.alquileres.detail.getHref({ id: reserva.origenId })}>
                          {reserva.etiqueta}
                        </Link>
                      ) : (
                        reserva.etiqueta
                      )}
                    </td>
                    <td>{formatFecha(reserva.desde)}</td>
                    <td>{reserva.hasta ? formatFecha(reserva.hasta) : '—'}</td>
                    <td className="text-end">{formatNumero(reserva.cantidad)}</td>
                    <td>
                      {reserva.vencido
                        ? 'Vencida'
                        : reserva.enCurso
                          ? 'En obra'
                          : ESTADO_RESERVA[reserva.estado]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TablaDesplazable>
          )}
        </>
      )}
    </div>
  );
};

const cuenta = (value: string | null) =>
  value ? CUENTA_STOCK_LABELS[value as keyof typeof CUENTA_STOCK_LABELS] : '—';

/** "Movimientos": the ledger, newest first, filtered by Tipo, Desde, Hasta. */
export const MovimientosTab = ({ record }: { record: Componente }) => {
  const [tipo, setTipo] = useState<TipoMovimiento | ''>('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [page, setPage] = useState(1);
  const query = useMovimientos(record._id, {
    page,
    limit: 20,
    tipo: tipo || undefined,
    desde: desde || undefined,
    hasta: hasta || undefined,
  });
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  return (
    <div>
      <Row className="g-2 mb-3 align-items-end">
        <Form.Group as={Col} xs={12} sm="auto" controlId="movimientos-tipo">
          <Form.Label className="small mb-1">{T.tipo}</Form.Label>
          <Form.Select
            value={tipo}
            onChange={(e) => filter(setTipo)(e.target.value as TipoMovimiento | '')}
          >
            <option value="">{T.todosTipos}</option>
            {TIPOS_MOVIMIENTO.map((value) => (
              <option key={value} value={value}>
                {TIPO_MOVIMIENTO[value].label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={6} sm="auto" controlId="movimientos-desde">
          <Form.Label className="small mb-1">{T.desde}</Form.Label>
          <Form.Control
            type="date"
            value={desde}
            onChange={(e) => filter(setDesde)(e.target.value)}
          />
        </Form.Group>
        <Form.Group as={Col} xs={6} sm="auto" controlId="movimientos-hasta">
          <Form.Label className="small mb-1">{T.hasta}</Form.Label>
          <Form.Control
            type="date"
            value={hasta}
            onChange={(e) => filter(setHasta)(e.target.value)}
          />
        </Form.Group>
      </Row>
      {query.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">{serverMessageOr(query.error, T.movimientosFailed)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : query.isPending ? (
        <LoadingStatus message={T.loadingMovimientos} />
      ) : query.data.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{T.sinMovimientos}</p>
      ) : (
        <>
          <TablaDesplazable hover className="align-middle" label={T.movimientosTabla}>
            <thead>
              <tr>
                {Object.values(T.movimientosColumns).map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((m) => (
                <tr key={m._id}>
                  <td className="text-nowrap">{formatFecha(m.fecha)}</td>
                  <td>{TIPO_MOVIMIENTO[m.tipo].label}</td>
                  <td className="text-end text-nowrap">
                    {m.tipo === 'ajuste' ? ajusteNumero(m.cantidad) : formatNumero(m.cantidad)}
                  </td>
                  <td className="text-nowrap">{`${cuenta(m.de)} → ${cuenta(m.a)}`}</td>
                  <td>{m.referencia?.numero ?? '—'}</td>
                  <td className="text-break">{m.motivo ?? '—'}</td>
                  <td className="text-break" title={formatFechaHora(m.createdAt)}>
                    {m.usuario ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </TablaDesplazable>
          <ListPagination
            page={query.data.meta.page}
            totalPages={query.data.meta.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
};
