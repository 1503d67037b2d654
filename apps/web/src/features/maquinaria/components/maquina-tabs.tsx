import { useState } from 'react';
import { Alert, Badge, Button, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  COMBUSTIBLE_LABELS,
  diaEnMadrid,
  ESTADO_MANTENIMIENTO_LABELS,
  formatEuros,
  formatFecha,
  formatFechaHora,
  formatNumero,
  MOTIVO_BAJA_LABELS,
  ORIGEN_LECTURA_LABELS,
  sumarDias,
  TIPO_MAQUINA,
  type Maquina,
} from '@tvsistema/domain';
import { DetailField, DetailSection, NoData } from '../../../components/resource/detail-modal.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useLecturas, useOcupacion, type Ocupacion } from '../api/maquina-acciones.js';
import { formatHoras } from '../utils/format.js';
import { TablaDesplazable } from '../../../components/resource/tabla-desplazable.js';

const fecha = (value: string | null | undefined) => (value ? formatFecha(value) : <NoData />);
const euros = (value: string | null | undefined) => (value ? formatEuros(value) : <NoData />);

const REVISION_BADGES = {
  al_dia: { bg: 'success', label: 'Al día' },
  proxima: { bg: 'warning', label: 'Próxima' },
  vencida: { bg: 'danger', label: 'Vencida' },
} as const;

/** §5.3 "Resumen": the record as a read-only sheet. */
export const ResumenTab = ({ maquina: m }: { maquina: Maquina }) => {
  const dims = [m.dimensiones.largoMm, m.dimensiones.anchoMm, m.dimensiones.altoMm];
  return (
    <Row>
      {/* The sections are h3 (DetailSection): the tab's own heading keeps the outline in order. */}
      <h2 className="visually-hidden">Resumen</h2>
      <Col md={6}>
        <DetailSection title="Identificación">
          <DetailField label="Tipo" value={TIPO_MAQUINA[m.tipo].label} />
          <DetailField label="Marca" value={m.marca} />
          <DetailField label="Modelo" value={m.modelo} />
          <DetailField label="Nº de serie" value={m.numeroSerie} />
          <DetailField label="Año" value={m.anio} />
        </DetailSection>
        <DetailSection title="Circulación">
          <DetailField label="Matrícula" value={m.matricula?.texto ?? <NoData />} />
          {m.matricula && (
            <DetailField label="Fecha de matriculación" value={fecha(m.fechaMatriculacion)} />
          )}
          <DetailField label="Requiere ITV" value={m.requiereItv ? 'Sí' : 'No'} />
        </DetailSection>
        <DetailSection title="Datos técnicos">
          <DetailField label="Peso" value={`${formatNumero(m.pesoKg, 1)} kg`} />
          <DetailField
            label="Dimensiones (largo × ancho × alto)"
            value={
              dims.some((d) => d !== null) ? (
                `${dims.map((d) => (d === null ? '—' : formatNumero(d))).join(' × ')} mm`
              ) : (
                <NoData />
              )
            }
          />
          <DetailField label="Combustible" value={COMBUSTIBLE_LABELS[m.combustible]} />
          {m.caracteristicas.map((c) => (
            <DetailField key={c.nombre} label={c.nombre} value={c.valor} />
          ))}
        </DetailSection>
        <DetailSection title="Compra">
          <DetailField label="Fecha de adquisición" value={fecha(m.fechaAdquisicion)} />
          {m.precioAdquisicion !== null && (
            <DetailField label="Precio de adquisición" value={euros(m.precioAdquisicion)} />
          )}
          <DetailField label="Proveedor" value={m.proveedor?.nombre ?? 'Sin proveedor'} />
        </DetailSection>
      </Col>
      <Col md={6}>
        <DetailSection title="Tarifas (IVA no incluido)">
          <DetailField label="Tarifa diaria" value={euros(m.tarifas.dia)} />
          <DetailField label="Tarifa semanal" value={euros(m.tarifas.semana)} />
          <DetailField label="Tarifa mensual" value={euros(m.tarifas.mes)} />
          <DetailField label="Horas incluidas por día" value={m.tarifas.horasIncluidasDia} />
          <DetailField label="Precio hora extra" value={euros(m.tarifas.horaExtra)} />
          <DetailField label="Fianza" value={euros(m.tarifas.fianza)} />
          <DetailField label="Días de preparación" value={m.diasPreparacion} />
        </DetailSection>
        <DetailSection title="Horómetro">
          <DetailField label="Lectura actual" value={formatHoras(m.horometro)} />
          <DetailField label="Horas acumuladas" value={formatHoras(m.horasAcumuladas)} />
        </DetailSection>
        <DetailSection title="Situación">
          <DetailField
            label="Próxima reserva"
            value={
              m.proximaReserva ? (
                `${m.proximaReserva.etiqueta || m.proximaReserva.numero} (${formatFecha(m.proximaReserva.desde)}${m.proximaReserva.hasta ? `–${formatFecha(m.proximaReserva.hasta)}` : ''})`
              ) : (
                <NoData />
              )
            }
          />
          {m.mantenimientoAbierto && (
            <DetailField
              label="Mantenimiento abierto"
              value={`${m.mantenimientoAbierto.descripcion} (desde el ${formatFecha(m.mantenimientoAbierto.fechaInicio)})`}
            />
          )}
          {m.baja && (
            <DetailField
              label="Baja"
              value={`${formatFecha(m.baja.fecha)} · ${MOTIVO_BAJA_LABELS[m.baja.motivo]}${m.baja.detalle ? ` · ${m.baja.detalle}` : ''}`}
            />
          )}
        </DetailSection>
        <DetailSection title="Plan de revisiones">
          {m.planRevisiones.length === 0 ? (
            <NoData />
          ) : (
            <ul className="list-unstyled mb-0">
              {m.planRevisiones.map((r) => (
                <li key={r._id} className="mb-1">
                  <span className="fw-semibold">{r.nombre}</span>{' '}
                  <Badge
                    bg={REVISION_BADGES[r.estado].bg}
                    text={r.estado === 'proxima' ? 'dark' : undefined}
                  >
                    {REVISION_BADGES[r.estado].label}
                  </Badge>
                  <div className="small text-body-secondary">
                    Próxima fecha: {r.proximaFecha ? formatFecha(r.proximaFecha) : '—'} · Próximas
                    horas: {r.proximasHoras ? formatHoras(r.proximasHoras) : '—'}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
        <DetailSection title="Observaciones">
          {m.observaciones.length ? (
            <ul className="ps-3 mb-0">
              {m.observaciones.map((line, index) => (
                <li key={index} className="text-break">
                  {line}
                </li>
              ))}
            </ul>
          ) : (
            <NoData />
          )}
        </DetailSection>
      </Col>
    </Row>
  );
};

const QueryError = ({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) => (
  <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
    <span className="flex-grow-1">{serverMessageOr(error, fallback)}</span>
    <Button variant="outline-danger" size="sm" onClick={onRetry}>
      Reintentar
    </Button>
  </Alert>
);

/** §5.3 "Horómetro": every reading, replacements marked "Sustitución". */
export const HorometroTab = ({ maquinaId }: { maquinaId: string }) => {
  const query = useLecturas(maquinaId);
  if (query.isPending) return <LoadingStatus message="Cargando lecturas…" />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        fallback="No se pudieron cargar las lecturas"
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return <p className="text-body-secondary mb-0">Sin lecturas registradas.</p>;
  return (
    <TablaDesplazable className="align-middle" label="Lecturas del horómetro">
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col" className="text-end">
            Lectura
          </th>
          <th scope="col">Origen</th>
          <th scope="col">Referencia</th>
          <th scope="col">Usuario</th>
        </tr>
      </thead>
      <tbody>
        {query.data.map((l) => (
          <tr key={l._id}>
            <td className="text-nowrap">{formatFecha(l.fecha)}</td>
            <td className="text-nowrap text-end">
              {formatHoras(l.lectura)}
              {l.reinicio && (
                <Badge bg="info" text="dark" className="ms-2" title={l.motivo ?? undefined}>
                  Sustitución
                </Badge>
              )}
            </td>
            <td>{ORIGEN_LECTURA_LABELS[l.origen]}</td>
            <td className="text-break">{l.referencia ?? (l.reinicio ? l.motivo : null) ?? '—'}</td>
            <td className="text-break">
              {l.registradoPor ?? 'Sistema'}
              <div className="small text-body-secondary">{formatFechaHora(l.registradoEn)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </TablaDesplazable>
  );
};

const VENTANA_DIAS = 90;
const PASO_DIAS = 30;

const estadoOcupacion = (o: Ocupacion, hoy: string) => {
  if (o.estado === 'liberado') return 'Liberada';
  // A maintenance shows its own estado (§3.2): one finished today ends today, not before it.
  if (o.origenTipo === 'mantenimiento')
    return ESTADO_MANTENIMIENTO_LABELS[
      o.enCurso ? 'en_curso' : o.finalizado ? 'finalizado' : 'programado'
    ];
  if (o.enCurso) return 'En obra';
  // A rental returned today ends today: the answer says it was returned (its dates cannot).
  if (o.finalizado || (o.hasta !== null && o.hasta < hoy)) return 'Finalizada';
  return 'Reservada';
};

const diaDe = (desde: string, fecha: string) =>
  Math.round((Date.parse(`${fecha}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/**
 * One coloured span of the strip, clipped to the window; nothing when outside it. A booking is a
 * link to its rental labelled with its etiqueta (§5.3), for the pointer only: the strip is hidden
 * from assistive tech and out of the tab order, as the table below carries the same links.
 */
const tramo = (
  desde: string,
  inicio: string,
  fin: string | null,
  className: string,
  key: string,
  enlace?: { to: string; texto: string },
) => {
  const from = Math.max(0, diaDe(desde, inicio));
  const to = Math.min(VENTANA_DIAS - 1, fin === null ? VENTANA_DIAS - 1 : diaDe(desde, fin));
  if (to < from) return null;
  const style = {
    left: `${(from / VENTANA_DIAS) * 100}%`,
    width: `${((to - from + 1) / VENTANA_DIAS) * 100}%`,
  };
  return enlace ? (
    <Link
      key={key}
      to={enlace.to}
      tabIndex={-1}
      className={className}
      style={style}
      title={enlace.texto}
    >
      {enlace.texto}
    </Link>
  ) : (
    <span key={key} className={className} style={style} />
  );
};

/** The 90 days as a bar: bookings blue, preparation hatched, maintenance orange, hoy a line. */
const OcupacionStrip = ({
  desde,
  hoy,
  bloqueos,
}: {
  desde: string;
  hoy: string;
  bloqueos: readonly Ocupacion[];
}) => {
  const hoyDia = diaDe(desde, hoy);
  return (
    <div className="ocupacion-strip mb-3" aria-hidden="true">
      {bloqueos
        .filter((o) => o.estado === 'activo')
        .flatMap((o) => [
          tramo(
            desde,
            o.desde,
            o.hasta,
            `ocupacion-${o.origenTipo}`,
            o._id,
            o.origenTipo === 'alquiler'
              ? {
                  to: `/alquileres/${encodeURIComponent(o.origenId)}`,
                  texto: o.etiqueta ?? o.numero ?? 'Alquiler',
                }
              : undefined,
          ),
          o.hasta && o.preparacionHasta && o.preparacionHasta > o.hasta
            ? tramo(
                desde,
                sumarDias(o.hasta, 1),
                o.preparacionHasta,
                'ocupacion-preparacion',
                `${o._id}-prep`,
              )
            : null,
        ])}
      {hoyDia >= 0 && hoyDia < VENTANA_DIAS && (
        <span
          className="ocupacion-hoy"
          style={{ left: `${((hoyDia + 0.5) / VENTANA_DIAS) * 100}%` }}
        />
      )}
    </div>
  );
};

/** §5.3 "Ocupación": 90 days from hoy, ‹ › by 30 days; bookings and maintenance in a table. */
export const OcupacionTab = ({ maquinaId }: { maquinaId: string }) => {
  const hoy = diaEnMadrid();
  const [desde, setDesde] = useState(hoy);
  const hasta = sumarDias(desde, VENTANA_DIAS - 1);
  const query = useOcupacion(maquinaId, desde, hasta);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant="outline-secondary"
          aria-label="30 días antes"
          onClick={() => setDesde(sumarDias(desde, -PASO_DIAS))}
        >
          ‹
        </Button>
        <span className="fw-semibold" aria-live="polite">
          {formatFecha(desde)} – {formatFecha(hasta)}
        </span>
        <Button
          variant="outline-secondary"
          aria-label="30 días después"
          onClick={() => setDesde(sumarDias(desde, PASO_DIAS))}
        >
          ›
        </Button>
        {desde !== hoy && (
          <Button variant="link" onClick={() => setDesde(hoy)}>
            Hoy
          </Button>
        )}
      </div>
      <OcupacionStrip desde={desde} hoy={hoy} bloqueos={query.data ?? []} />
      {query.isPending ? (
        <LoadingStatus message="Cargando ocupación…" />
      ) : query.isError ? (
        <QueryError
          error={query.error}
          fallback="No se pudo cargar la ocupación"
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="text-body-secondary mb-0">Sin reservas ni mantenimientos en este periodo</p>
      ) : (
        <TablaDesplazable className="align-middle" label="Ocupación">
          <thead>
            <tr>
              <th scope="col">Desde</th>
              <th scope="col">Hasta</th>
              <th scope="col">Tipo</th>
              <th scope="col">Referencia</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((o) => (
              <tr key={o._id}>
                <td className="text-nowrap">{formatFecha(o.desde)}</td>
                <td className="text-nowrap">
                  {o.hasta ? formatFecha(o.hasta) : 'Sin fecha de fin'}
                  {o.preparacionHasta && o.preparacionHasta !== o.hasta && (
                    <div className="small text-body-secondary">
                      Preparación hasta {formatFecha(o.preparacionHasta)}
                    </div>
                  )}
                </td>
                <td>
                  <Badge
                    bg={o.origenTipo === 'alquiler' ? 'primary' : 'warning'}
                    text={o.origenTipo === 'alquiler' ? undefined : 'dark'}
                  >
                    {o.origenTipo === 'alquiler' ? 'Alquiler' : 'Mantenimiento'}
                  </Badge>
                </td>
                <td className="text-break">
                  {o.origenTipo === 'alquiler' ? (
                    <Link to={`/alquileres/${encodeURIComponent(o.origenId)}`}>
                      {o.etiqueta ?? o.numero ?? 'Alquiler'}
                    </Link>
                  ) : (
                    (o.etiqueta ?? o.numero ?? 'Mantenimiento')
                  )}
                </td>
                <td>{estadoOcupacion(o, hoy)}</td>
              </tr>
            ))}
          </tbody>
        </TablaDesplazable>
      )}
    </>
  );
};
