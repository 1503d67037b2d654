import { useState } from 'react';
import { Alert, Button, Col, Row } from 'react-bootstrap';
import { FaCheck, FaTimes } from 'react-icons/fa';
import { type Obra } from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { useSaveObra } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { obraPayload, obraToFormValues } from '../utils/obra-form-values.js';
import { Campo } from './campo.js';
import { DocumentosLista } from './documentos-lista.js';

const S = T.seguridad;

const Check = ({ ok, label }: { ok: boolean; label: string }) => (
  <li className="d-flex align-items-center gap-2">
    {ok ? (
      <FaCheck className="text-success" aria-hidden="true" />
    ) : (
      <FaTimes className="text-danger" aria-hidden="true" />
    )}
    <span>
      {label}: <strong>{ok ? S.cumple : S.falta}</strong>
    </span>
  </li>
);

/** §5.6 "Seguridad y documentos": what "Iniciar obra" needs, the apertura and the documents. */
export const SeguridadTab = ({ obra }: { obra: Obra }) => {
  const save = useSaveObra(obra._id);
  const [fecha, setFecha] = useState(obra.comunicacionApertura?.fecha ?? '');
  const [referencia, setReferencia] = useState(obra.comunicacionApertura?.referencia ?? '');
  const [mensaje, setMensaje] = useState<
    { variant: 'success' | 'danger'; text: string } | undefined
  >();

  const guardarApertura = async () => {
    setMensaje(undefined);
    const values = {
      ...obraToFormValues(obra),
      aperturaFecha: fecha,
      aperturaReferencia: referencia,
    };
    try {
      await save.mutateAsync({ ...obraPayload(values, true), version: obra.version });
      setMensaje({ variant: 'success', text: T.updated });
    } catch (cause) {
      setMensaje({
        variant: 'danger',
        text: isApiError(cause)
          ? [cause.message, ...(cause.errors ?? []).map(String)].join(' · ')
          : String(cause),
      });
    }
  };

  return (
    <div className="d-flex flex-column gap-3">
      <ul className="list-unstyled mb-0">
        <Check ok={obra.documentosSeguridad} label={S.checklistSeguridad} />
        <Check ok={Boolean(obra.comunicacionApertura)} label={S.checklistApertura} />
      </ul>
      {mensaje && (
        <Alert variant={mensaje.variant} role={mensaje.variant === 'danger' ? 'alert' : 'status'}>
          {mensaje.text}
        </Alert>
      )}
      <Row className="g-2 align-items-end">
        <Col xs={12} md={4}>
          <Campo label={S.aperturaFecha} type="date" value={fecha} onChange={setFecha} />
        </Col>
        <Col xs={12} md={5}>
          <Campo label={S.aperturaReferencia} value={referencia} onChange={setReferencia} />
        </Col>
        <Col xs={12} md={3}>
          <Button
            className="w-100"
            onClick={() => void guardarApertura()}
            disabled={save.isPending}
          >
            {S.guardarApertura}
          </Button>
        </Col>
      </Row>
      <h2 className="h6 mb-0">{S.documentos}</h2>
      <DocumentosLista obra={obra} editable />
    </div>
  );
};
