import type { ReactNode } from 'react';
import { Card, Col, ListGroup, Row } from 'react-bootstrap';
import { FaArrowRight } from 'react-icons/fa';
import {
  FiAlertTriangle,
  FiBarChart2,
  FiCalendar,
  FiCornerDownLeft,
  FiInbox,
  FiTool,
  FiTruck,
} from 'react-icons/fi';
import { Link } from 'react-router';
import type { DashboardLink } from './dashboard-content.js';

const Section = ({ title, id, children }: { title: string; id: string; children: ReactNode }) => (
  <section className="mb-4" aria-labelledby={id}>
    <h2 id={id} className="section-title">
      {title}
    </h2>
    {children}
  </section>
);

const EmptyNote = ({ children }: { children: ReactNode }) => (
  <p className="empty-note mb-0">
    <FiInbox aria-hidden="true" />
    {children}
  </p>
);

export const SummaryCards = ({ cards }: { cards: readonly DashboardLink[] }) => (
  <Section title="Resumen operativo" id="dashboard-resumen">
    <Row xs={1} sm={2} xl={cards.length >= 4 ? 4 : 3} className="g-3">
      {cards.map(({ title, to, icon: Icon, description }) => (
        <Col key={title}>
          <Link to={to} className="app-tile card summary-card">
            <Card.Body className="d-flex align-items-center gap-3">
              <span className="tile-icon">
                <Icon aria-hidden="true" />
              </span>
              <span className="flex-grow-1 min-w-0">
                <span className="d-block fw-semibold">{title}</span>
                <span className="d-block small text-body-secondary">{description}</span>
              </span>
              <FaArrowRight className="text-body-tertiary" aria-hidden="true" />
            </Card.Body>
          </Link>
        </Col>
      ))}
    </Row>
  </Section>
);

/** KPI figures are not served yet (SPEC 2.9): the card says so instead of showing zeros. */
export const KpiPanel = ({ kpis = [] }: { kpis?: readonly { label: string; value: string }[] }) => (
  <Card className="h-100">
    <Card.Header className="fw-semibold d-flex align-items-center gap-2">
      <FiBarChart2 aria-hidden="true" />
      Indicadores clave
    </Card.Header>
    <Card.Body>
      {kpis.length === 0 ? (
        <EmptyNote>No hay KPIs disponibles</EmptyNote>
      ) : (
        <dl className="row mb-0">
          {kpis.map((kpi) => (
            <div key={kpi.label} className="col-6">
              <dt className="small text-body-secondary">{kpi.label}</dt>
              <dd className="fs-4 fw-bold mb-0">{kpi.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card.Body>
  </Card>
);

export const QuickAccessGrid = ({ links }: { links: readonly DashboardLink[] }) => (
  <Section title="Accesos rápidos" id="dashboard-accesos">
    {links.length === 0 ? (
      <Card body>
        <EmptyNote>No hay accesos rápidos disponibles</EmptyNote>
      </Card>
    ) : (
      <Row
        xs={links.length % 3 === 0 ? 3 : 2}
        sm={3}
        lg={links.length >= 5 ? 5 : links.length}
        className="g-3"
      >
        {links.map(({ title, to, icon: Icon }) => (
          <Col key={title}>
            <Link to={to} className="app-tile quick-tile">
              <span className="tile-icon">
                <Icon aria-hidden="true" />
              </span>
              {title}
            </Link>
          </Col>
        ))}
      </Row>
    )}
  </Section>
);

const EVENT_KINDS = [
  { label: 'Entregas', icon: FiTruck },
  { label: 'Devoluciones', icon: FiCornerDownLeft },
  { label: 'Mantenimiento', icon: FiTool },
] as const;

/** One line of the dashboard that leads to its record. */
export type PanelAviso = { texto: string; to: string };
/** What each kind of upcoming event lists; a kind without lines says it has none. */
export type PanelEventos = Partial<
  Record<(typeof EVENT_KINDS)[number]['label'], readonly PanelAviso[]>
>;

const LineasPanel = ({ lineas }: { lineas: readonly PanelAviso[] }) => (
  <ul className="list-unstyled mb-0 small">
    {lineas.map((linea) => (
      <li key={`${linea.to} ${linea.texto}`}>
        <Link to={linea.to} className="enlace-suelto">
          {linea.texto}
        </Link>
      </li>
    ))}
  </ul>
);

/** The next events the modules publish; a kind with none says so (SPEC 2.9). */
export const UpcomingEvents = ({ eventos = {} }: { eventos?: PanelEventos }) => (
  <Card className="h-100">
    <Card.Header className="fw-semibold d-flex align-items-center gap-2">
      <FiCalendar aria-hidden="true" />
      Próximos eventos
    </Card.Header>
    <ListGroup variant="flush" className="event-list">
      {EVENT_KINDS.map(({ label, icon: Icon }) => {
        const lineas = eventos[label] ?? [];
        return (
          <ListGroup.Item key={label}>
            <span className="tile-icon">
              <Icon aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="d-block fw-medium">{label}</span>
              {lineas.length === 0 ? (
                <span className="d-block small text-body-secondary">Sin eventos programados</span>
              ) : (
                <LineasPanel lineas={lineas} />
              )}
            </span>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  </Card>
);

export const SystemAlerts = ({ avisos = [] }: { avisos?: readonly PanelAviso[] }) => (
  <Card className="h-100">
    <Card.Header className="fw-semibold d-flex align-items-center gap-2">
      <FiAlertTriangle aria-hidden="true" />
      Alertas del sistema
    </Card.Header>
    <Card.Body>
      {avisos.length === 0 ? (
        <EmptyNote>No hay alertas activas</EmptyNote>
      ) : (
        <LineasPanel lineas={avisos} />
      )}
    </Card.Body>
  </Card>
);
