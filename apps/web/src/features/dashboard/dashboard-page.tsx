import type { ReactNode } from 'react';
import { Alert, Card, Col, Row } from 'react-bootstrap';
import { FiAlertCircle, FiGrid, FiHelpCircle } from 'react-icons/fi';
import { Link } from 'react-router';
import { SYSTEMS, firstName, isSystemId, type SystemId } from '@tvsistema/domain';
import { LoadingBlock } from '../../components/ui/loading-block.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';
import { ClockCard } from './clock-card.js';
import { useAlquileresPanel, type PanelDatos } from './alquileres-panel.js';
import { DASHBOARD_CONTENT } from './dashboard-content.js';
import { useTransportesPanel } from './fleet-alerts.js';
import {
  KpiPanel,
  QuickAccessGrid,
  SummaryCards,
  SystemAlerts,
  UpcomingEvents,
} from './dashboard-sections.js';
import { useNow } from './use-now.js';

const SELECT_SYSTEM_PATH = '/select-system';

const StateCard = ({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) => (
  <Card className="mx-auto text-center" style={{ maxWidth: '32rem' }}>
    <Card.Body className="p-4 p-md-5">
      <div className="tile-icon mx-auto mb-3">{icon}</div>
      <h1 className="h4 mb-2">{title}</h1>
      {children}
    </Card.Body>
  </Card>
);

const OperationalDashboard = ({ content, eventos, avisos, alertas }: PanelDatos) => (
  <>
    <SummaryCards cards={content.summary} />
    <QuickAccessGrid links={content.quickAccess} />
    <Row className="g-3">
      <Col lg={6}>
        <UpcomingEvents eventos={eventos} />
      </Col>
      <Col md={6} lg={3}>
        {alertas ?? <SystemAlerts avisos={avisos} />}
      </Col>
      <Col md={6} lg={3}>
        <KpiPanel />
      </Col>
    </Row>
  </>
);

/** Alquileres adds the inventory's figures, events and alerts to its static content. */
const AlquileresDashboard = () => (
  <OperationalDashboard {...useAlquileresPanel(DASHBOARD_CONTENT.alquileres)} />
);

/** Transportes adds the fleet's due dates (flota-obras.md §5.4). */
const TransportesDashboard = () => (
  <OperationalDashboard {...useTransportesPanel(DASHBOARD_CONTENT.transportes)} />
);

const SystemBody = ({ system }: { system: SystemId }) => {
  if (system === 'verticales') {
    // SPEC 2.3: the router sends the verticales dashboard to /obras; this is the empty placeholder.
    return (
      <Card body className="text-center text-body-secondary py-4">
        El panel de {SYSTEMS.verticales.name} no tiene contenido propio.
      </Card>
    );
  }
  return system === 'alquileres' ? <AlquileresDashboard /> : <TransportesDashboard />;
};

const Greeting = ({ system }: { system: SystemId }) => {
  const { user } = useAuthContext();
  const now = useNow();
  return <ClockCard now={now} firstName={firstName(user)} system={system} />;
};

/** SPEC 1 and 2.9: the dashboard of the current system, with its states. */
export const DashboardPage = () => {
  const { isLoading, user, error } = useAuthContext();
  const { currentSystem } = useSystem();

  if (error) {
    return (
      <Alert variant="danger" className="d-flex gap-3">
        <FiAlertCircle size={24} className="flex-shrink-0" aria-hidden="true" />
        <div>
          <Alert.Heading as="h1" className="h5">
            Error del Sistema
          </Alert.Heading>
          <p className="mb-0">{error.message}</p>
        </div>
      </Alert>
    );
  }
  if (isLoading || !user) return <LoadingBlock message="Inicializando dashboard..." />;
  if (currentSystem === null) {
    return (
      <StateCard icon={<FiGrid aria-hidden="true" />} title="Selecciona un Sistema">
        <p className="text-body-secondary">Elige el sistema con el que quieres trabajar.</p>
        <Link to={SELECT_SYSTEM_PATH} className="btn btn-primary">
          Ir a la selección de sistema
        </Link>
      </StateCard>
    );
  }
  if (!isSystemId(currentSystem)) {
    return (
      <StateCard icon={<FiHelpCircle aria-hidden="true" />} title="Sistema No Reconocido">
        <p className="text-body-secondary">
          El sistema «{String(currentSystem)}» no existe. Selecciona uno de tus sistemas.
        </p>
        <Link to={SELECT_SYSTEM_PATH} className="btn btn-primary">
          Ir a la selección de sistema
        </Link>
      </StateCard>
    );
  }
  return (
    <>
      <Greeting system={currentSystem} />
      <SystemBody system={currentSystem} />
    </>
  );
};
