import { Col, Row } from 'react-bootstrap';
import { EMPRESA_LABELS } from '@tvsistema/domain';
import {
  DetailField,
  DetailModal,
  DetailSection,
  NoData,
} from '../../../components/resource/detail-modal.js';
import { EstadoBadge } from '../../../components/resource/estado-badge.js';
import { CUENTA_LABELS, type ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';
import { addressLines } from '../utils/format.js';

export type ParteDetailModalProps = {
  config: ParteConfig;
  record: ParteRecord | undefined;
  onHide: () => void;
  editHref: string | undefined;
};

const ParteDetails = ({ config, record }: { config: ParteConfig; record: ParteRecord }) => {
  const contactos = record.contactos.filter((c) => c.nombre || c.telefono || c.correo);
  const lines = addressLines(record.direccion);
  const cuentas = config.cuentas.filter((cuenta) => record[cuenta]);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0 text-break">{record.nombre}</h2>
        <EstadoBadge activo={record.activo} />
      </div>
      <Row>
        <Col md={6}>
          <DetailSection title="Identificación">
            <DetailField label="Documento" value={record.documento ?? <NoData />} />
            <DetailField label="Empresa" value={EMPRESA_LABELS[record.empresa]} />
          </DetailSection>
          <DetailSection title="Dirección">
            {lines.length ? lines.map((line) => <div key={line}>{line}</div>) : <NoData />}
          </DetailSection>
          {cuentas.length > 0 && (
            <DetailSection title="Cuentas Contables">
              {cuentas.map((cuenta) => (
                <DetailField key={cuenta} label={CUENTA_LABELS[cuenta]} value={record[cuenta]} />
              ))}
            </DetailSection>
          )}
        </Col>
        <Col md={6}>
          <DetailSection title="Contacto">
            {contactos.length ? (
              contactos.map((contacto, index) => (
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
            ) : (
              <NoData />
            )}
          </DetailSection>
          <DetailSection title="Observaciones">
            {record.observaciones.length ? (
              <ul className="ps-3 mb-0">
                {record.observaciones.map((line, index) => (
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
    </>
  );
};

export const ParteDetailModal = ({ config, record, onHide, editHref }: ParteDetailModalProps) => (
  <DetailModal
    title={config.texts.detailTitle}
    show={record !== undefined}
    onHide={onHide}
    editHref={editHref}
  >
    {record && <ParteDetails config={config} record={record} />}
  </DetailModal>
);
