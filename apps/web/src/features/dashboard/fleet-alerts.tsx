import { useContext, useEffect, useState } from 'react';
import { Card, ListGroup } from 'react-bootstrap';
import { FiAlertTriangle, FiInbox } from 'react-icons/fi';
import { Link } from 'react-router';
import {
  can,
  formatFecha,
  plural,
  type VencimientoItem,
  type VencimientosResponse,
} from '@tvsistema/domain';
import { ApiClientContext } from '../../lib/api-client-context.js';
import { useAuthContext } from '../../lib/auth-context.js';
import type { PanelDatos } from './alquileres-panel.js';
import type { DashboardContent } from './dashboard-content.js';

// flota-obras.md §5.4: the transportes dashboard's "Alertas del sistema" and the Mantenimiento
// count of "Próximos eventos", from GET /api/camiones/vencimientos?dias=30&limit=5: the five most
// urgent items and the window's counts (total, per tipo), not every item (decision 0029). The
// dashboard keeps its own fetcher (features never import each other); without the permission or
// on error the cards keep their placeholder.

export type FleetDue = {
  /** The most urgent items, at most ALERTAS. */
  items: VencimientoItem[];
  total: number;
  porTipo: VencimientosResponse['meta']['porTipo'];
};

/** §5.4: the alerts card lists the 5 nearest items. */
const ALERTAS = 5;

const VENCIMIENTOS_HREF = '/transporte/camiones?vencimientos=30';

/** The due items, or undefined while loading, without the permission or on error. */
export const useFleetDue = (enabled: boolean): FleetDue | undefined => {
  const api = useContext(ApiClientContext);
  const { roles } = useAuthContext();
  const allowed = enabled && api !== null && can(roles, 'camiones.view');
  const [due, setDue] = useState<FleetDue>();
  useEffect(() => {
    if (!allowed || !api) return;
    const controller = new AbortController();
    api
      .get<VencimientosResponse>('/api/camiones/vencimientos', {
        query: { dias: 30, limit: ALERTAS },
        signal: controller.signal,
      })
      .then(
        (answer) =>
          setDue({ items: answer.data, total: answer.meta.total, porTipo: answer.meta.porTipo }),
        () => setDue(undefined),
      );
    return () => controller.abort();
  }, [allowed, api]);
  return allowed ? due : undefined;
};

/** "ITV · 4417 KTM · vence el 04/12/2026 (en 12 días)" / "… vencida hace 7 días". */
export const dueText = (item: VencimientoItem): string => {
  const fecha = item.fecha ?? item.fechaEstimada;
  const cuando =
    item.diasRestantes === null || fecha === null
      ? item.kmRestantes !== null
        ? `quedan ${plural(item.kmRestantes, 'km', 'km')}`
        : 'sin registrar'
      : item.diasRestantes < 0
        ? `vencida hace ${plural(-item.diasRestantes, 'día', 'días')}`
        : `vence el ${formatFecha(fecha)} (en ${plural(item.diasRestantes, 'día', 'días')})`;
  return `${item.concepto} · ${item.etiqueta} · ${cuando}`;
};

export const FleetAlerts = ({ due }: { due: FleetDue }) => (
  <Card className="h-100">
    <Card.Header className="fw-semibold d-flex align-items-center gap-2">
      <FiAlertTriangle aria-hidden="true" />
      Alertas del sistema
    </Card.Header>
    {due.total === 0 ? (
      <Card.Body>
        <p className="empty-note mb-0">
          <FiInbox aria-hidden="true" />
          Sin vencimientos en los próximos 30 días
        </p>
      </Card.Body>
    ) : (
      <>
        <ListGroup variant="flush" as="ul" aria-label="Vencimientos próximos">
          {due.items.slice(0, ALERTAS).map((item) => (
            <ListGroup.Item
              as="li"
              key={`${item.refId}-${item.tipo}-${item.concepto}`}
              className={item.estado === 'vencido' ? 'text-danger' : undefined}
            >
              {dueText(item)}
            </ListGroup.Item>
          ))}
        </ListGroup>
        <Card.Footer className="bg-transparent">
          <Link to={VENCIMIENTOS_HREF} className="enlace-suelto">
            Ver todos los vencimientos ({due.total})
          </Link>
        </Card.Footer>
      </>
    )}
  </Card>
);

/** "{n} en los próximos 30 días": ITV, tachograph and maintenance items of the window (§5.4). */
export const mantenimientoCount = (due: FleetDue) =>
  (['itv', 'tacografo_revision', 'tacografo_descarga', 'mantenimiento'] as const).reduce(
    (n, tipo) => n + (due.porTipo[tipo] ?? 0),
    0,
  );

/** The transportes dashboard with the fleet's alerts card and its Mantenimiento count. */
export const useTransportesPanel = (content: DashboardContent): PanelDatos => {
  const due = useFleetDue(true);
  if (!due) return { content };
  return {
    content,
    eventos: {
      Mantenimiento: [
        { texto: `${mantenimientoCount(due)} en los próximos 30 días`, to: VENCIMIENTOS_HREF },
      ],
    },
    alertas: <FleetAlerts due={due} />,
  };
};
