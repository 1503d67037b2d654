import { Col, Row, Tab, Tabs } from 'react-bootstrap';
import { EMPRESA_LABELS, type Direccion, type Empresa } from '@tvsistema/domain';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { DocumentosCard } from './documentos-card.js';
import { FichaButton } from './ficha-button.js';
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
import { telHref } from '../../../lib/contact-links.js';

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
                      {telHref(contacto.telefono) ? (
                        <a href={telHref(contacto.telefono)}>{contacto.telefono}</a>
                      ) : (
                        contacto.telefono
                      )}
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

/** The party's fields as the history names them (the form's labels). */
const HISTORIAL_LABELS: Readonly<Record<string, string>> = {
  nombre: 'Nombre/Razón social',
  documento: 'Documento',
  empresa: 'Empresa',
  activo: 'Activo',
  direccion: 'Dirección',
  contactos: 'Contactos',
  observaciones: 'Observaciones',
  ...CUENTA_LABELS,
};

const historialValueOf = (campo: string, value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (campo === 'direccion') return addressLines(value as Direccion).join(', ') || undefined;
  if (campo === 'empresa') return EMPRESA_LABELS[value as Empresa] ?? undefined;
  return undefined;
};

/** The record's tabs: its data (and a supplier's documents) and its history. */
export const ParteDetailTabs = ({
  config,
  record,
  canEdit,
}: {
  config: ParteConfig;
  record: ParteRecord;
  canEdit: boolean;
}) => (
  <Tabs defaultActiveKey="datos" id={`detalle-${record._id}`} className="mb-3" mountOnEnter>
    <Tab eventKey="datos" title="Datos">
      <ParteDetails config={config} record={record} />
      {config.tipo === 'proveedor' && <DocumentosCard proveedorId={record._id} canEdit={canEdit} />}
    </Tab>
    <Tab eventKey="historial" title="Historial">
      <HistorialTab
        url={`/api/${config.resource}/${encodeURIComponent(record._id)}/historial`}
        labels={HISTORIAL_LABELS}
        formatValue={historialValueOf}
      />
    </Tab>
  </Tabs>
);

export const ParteDetailModal = ({ config, record, onHide, editHref }: ParteDetailModalProps) => (
  <DetailModal
    title={config.texts.detailTitle}
    show={record !== undefined}
    onHide={onHide}
    editHref={editHref}
    actions={record && <FichaButton config={config} record={record} />}
  >
    {record && <ParteDetailTabs config={config} record={record} canEdit={editHref !== undefined} />}
  </DetailModal>
);
