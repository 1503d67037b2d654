import { useId, type ReactNode } from 'react';
import { Button, Col, Modal, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { EMPRESA_LABELS } from '@tvsistema/domain';
import { CUENTA_LABELS, type ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';
import { EstadoBadge } from '../../../components/resource/estado-badge.js';
import { addressLines } from '../utils/format.js';

export type ParteDetailModalProps = {
  config: ParteConfig;
  record: ParteRecord | undefined;
  onHide: () => void;
  editHref: string | undefined;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mb-3">
    <h3 className="h6 text-uppercase text-body-secondary border-bottom pb-1 mb-2">{title}</h3>
    {children}
  </section>
);

const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <div className="mb-1">
    <span className="text-body-secondary">{label}: </span>
    <span className="text-break">{value}</span>
  </div>
);

const NONE = <span className="fst-italic text-body-secondary">Sin datos</span>;

export const ParteDetailModal = ({ config, record, onHide, editHref }: ParteDetailModalProps) => {
  const titleId = useId();
  const contactos = record?.contactos.filter((c) => c.nombre || c.telefono || c.correo) ?? [];
  const lines = addressLines(record?.direccion);
  const cuentas = config.cuentas.filter((cuenta) => record?.[cuenta]);
  return (
    <Modal
      show={record !== undefined}
      onHide={onHide}
      size="lg"
      centered
      scrollable
      // The dialog is named by its title, so assistive technology announces what opened.
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId}>{config.texts.detailTitle}</Modal.Title>
      </Modal.Header>
      {record && (
        <Modal.Body>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h2 className="h5 mb-0 text-break">{record.nombre}</h2>
            <EstadoBadge activo={record.activo} />
          </div>
          <Row>
            <Col md={6}>
              <Section title="Identificación">
                <Field label="Documento" value={record.documento ?? NONE} />
                <Field label="Empresa" value={EMPRESA_LABELS[record.empresa]} />
              </Section>
              <Section title="Dirección">
                {lines.length ? lines.map((line) => <div key={line}>{line}</div>) : NONE}
              </Section>
              {cuentas.length > 0 && (
                <Section title="Cuentas Contables">
                  {cuentas.map((cuenta) => (
                    <Field key={cuenta} label={CUENTA_LABELS[cuenta]} value={record[cuenta]} />
                  ))}
                </Section>
              )}
            </Col>
            <Col md={6}>
              <Section title="Contacto">
                {contactos.length
                  ? contactos.map((contacto, index) => (
                      <div key={index} className="mb-2">
                        <div className="fw-semibold">{contacto.nombre}</div>
                        {contacto.telefono && (
                          <div>
                            <a href={`tel:${contacto.telefono}`}>{contacto.telefono}</a>
                          </div>
                        )}
                        {contacto.correo && (
                          <div>
                            <a href={`mailto:${contacto.correo}`}>{contacto.correo}</a>
                          </div>
                        )}
                      </div>
                    ))
                  : NONE}
              </Section>
              <Section title="Observaciones">
                {record.observaciones.length ? (
                  <ul className="ps-3 mb-0">
                    {record.observaciones.map((line, index) => (
                      <li key={index} className="text-break">
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : (
                  NONE
                )}
              </Section>
            </Col>
          </Row>
        </Modal.Body>
      )}
      <Modal.Footer>
        {editHref && (
          <Link to={editHref} className="btn btn-primary">
            Editar
          </Link>
        )}
        <Button variant="secondary" onClick={onHide}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
