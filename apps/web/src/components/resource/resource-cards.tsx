import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { FaIdCard, FaMapMarkerAlt, FaUser } from 'react-icons/fa';
import type { ParteRecord } from '../../features/partes/parte-record.js';
import { EstadoBadge } from './estado-badge.js';
import { contactSummary, locationSummary } from '../../features/partes/utils/format.js';
import { ParteActions } from './row-actions.js';

export type ParteCardsProps = {
  records: readonly ParteRecord[];
  onView: (record: ParteRecord) => void;
  editHref: (record: ParteRecord) => string | undefined;
};

const Line = ({ icon, label, value }: { icon: ReactNode; label: string; value: string }) => (
  <div className="d-flex gap-2 align-items-start small text-body-secondary">
    <span aria-hidden="true" className="partes-card-icon">
      {icon}
    </span>
    <span className="visually-hidden">{label}: </span>
    <span className={value ? 'text-break' : 'fst-italic'}>{value || 'Sin datos'}</span>
  </div>
);

export const ParteCards = ({ records, onView, editHref }: ParteCardsProps) => (
  <Row xs={1} md={2} xl={3} className="g-3 ps-0 mb-0" as="ul" aria-label="Resultados" role="list">
    {records.map((record) => (
      <Col as="li" key={record._id} className="list-unstyled">
        <Card className="h-100 shadow-sm partes-card">
          <Card.Body className="d-flex flex-column gap-2">
            <div className="d-flex justify-content-between align-items-start gap-2">
              <Card.Title as="h3" className="h6 mb-0 text-break">
                {record.nombre}
              </Card.Title>
              <EstadoBadge activo={record.activo} />
            </div>
            <Line icon={<FaIdCard />} label="Documento" value={record.documento ?? ''} />
            <Line icon={<FaUser />} label="Contacto" value={contactSummary(record.contactos)} />
            <Line
              icon={<FaMapMarkerAlt />}
              label="Ubicación"
              value={locationSummary(record.direccion)}
            />
          </Card.Body>
          <Card.Footer className="bg-transparent">
            <ParteActions record={record} onView={onView} editHref={editHref(record)} />
          </Card.Footer>
        </Card>
      </Col>
    ))}
  </Row>
);
