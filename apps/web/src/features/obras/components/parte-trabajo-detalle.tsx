import type { ReactNode } from 'react';
import {
  formatFecha,
  formatFechaHora,
  formatNumero,
  TIPO_INCIDENCIA_LABEL,
  type ParteTrabajo,
} from '@tvsistema/domain';
import { OBRAS_TEXTS as T } from '../obras-texts.js';

const P = T.partes;

const Dato = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
    <dd className="col-sm-8 text-break">{children}</dd>
  </>
);

const SIN_DATOS = '—';

/**
 * A closed parte de trabajo as a detail view (issue 14): read-only text a user can select and a
 * screen reader reads as term and value, not a disabled form.
 */
export const ParteTrabajoDetalle = ({ parte }: { parte: ParteTrabajo }) => (
  <dl className="row mb-0">
    <Dato label={P.numero}>{parte.numero ?? SIN_DATOS}</Dato>
    <Dato label={P.fecha}>{formatFecha(parte.fecha)}</Dato>
    <Dato label={P.enCuerda}>{parte.trabajoEnCuerda ? P.si : P.no}</Dato>
    <Dato label={P.operarios}>
      {parte.operarios.length === 0 ? (
        SIN_DATOS
      ) : (
        <ul className="list-unstyled mb-0">
          {parte.operarios.map((o) => (
            <li key={o.operarioId}>
              {o.nombre}: {formatNumero(Number(o.horas), 2)} h
            </li>
          ))}
        </ul>
      )}
    </Dato>
    <Dato label={P.total}>{formatNumero(Number(parte.horasTotales), 2)} h</Dato>
    <Dato label={P.tareas}>
      <span style={{ whiteSpace: 'pre-line' }}>{parte.tareas || SIN_DATOS}</span>
    </Dato>
    <Dato label={P.incidencias}>
      {parte.incidencias.length === 0 ? (
        SIN_DATOS
      ) : (
        <ul className="list-unstyled mb-0">
          {parte.incidencias.map((inc, i) => (
            <li key={i}>
              {TIPO_INCIDENCIA_LABEL[inc.tipo]}: {inc.descripcion}
            </li>
          ))}
        </ul>
      )}
    </Dato>
    <Dato label={P.viento}>
      {parte.meteorologia?.vientoKmh == null
        ? SIN_DATOS
        : formatNumero(parte.meteorologia.vientoKmh)}
    </Dato>
    <Dato label={P.lluvia}>{parte.meteorologia?.lluvia ? P.si : P.no}</Dato>
    <Dato label={P.avance}>{parte.avance === null ? SIN_DATOS : `${parte.avance} %`}</Dato>
    <Dato label={P.observaciones}>
      <span style={{ whiteSpace: 'pre-line' }}>{parte.observaciones || SIN_DATOS}</span>
    </Dato>
    <Dato label={P.cerradoPor}>
      {[parte.cerradoPor, parte.cerradoAt && formatFechaHora(parte.cerradoAt)]
        .filter(Boolean)
        .join(' · ') || SIN_DATOS}
    </Dato>
  </dl>
);
