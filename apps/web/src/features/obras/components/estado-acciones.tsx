import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import {
  ACCION_OBRA,
  accionesDisponibles,
  diaEnMadrid,
  type AccionObra,
  type Obra,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { useEstadoObra } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';

/**
 * §3's buttons for the obra's estado. An action that asks a date or a reason opens a modal; a
 * refusal (409) lists every failed precondition.
 */
export const EstadoAcciones = ({ obra }: { obra: Obra }) => {
  const id = useId();
  const mutation = useEstadoObra(obra._id);
  const [accion, setAccion] = useState<AccionObra | undefined>();
  const [fecha, setFecha] = useState(diaEnMadrid());
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<{ message: string; errors: string[] } | undefined>();

  const ejecutar = async (a: AccionObra) => {
    setError(undefined);
    const regla = ACCION_OBRA[a];
    try {
      await mutation.mutateAsync({
        accion: a,
        version: obra.version,
        ...(regla.fecha ? { fecha } : {}),
        ...(regla.motivo ? { motivo } : {}),
      });
      setAccion(undefined);
      setMotivo('');
    } catch (cause) {
      setError(
        isApiError(cause)
          ? { message: cause.message, errors: (cause.errors ?? []).map(String) }
          : { message: String(cause), errors: [] },
      );
    }
  };

  const abrir = (a: AccionObra) => {
    const regla = ACCION_OBRA[a];
    if (regla.fecha || regla.motivo) {
      setError(undefined);
      setAccion(a);
    } else void ejecutar(a);
  };

  const detalle = error && (
    <Alert variant="danger" role="alert" className="w-100">
      <div>{error.message}</div>
      {error.errors.length > 0 && (
        <ul className="mb-0 mt-2">
          {error.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </Alert>
  );

  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {accionesDisponibles(obra.estado).map((a) => (
          <Button
            key={a}
            variant={a === 'cancelar' ? 'outline-danger' : 'outline-primary'}
            onClick={() => abrir(a)}
            disabled={mutation.isPending}
          >
            {ACCION_OBRA[a].label}
          </Button>
        ))}
      </div>
      {!accion && detalle && <div className="mt-2">{detalle}</div>}
      {accion && (
        <Modal show onHide={() => setAccion(undefined)} aria-labelledby={`${id}-titulo`}>
          <Modal.Header closeButton closeLabel={T.cerrar}>
            <Modal.Title id={`${id}-titulo`}>{ACCION_OBRA[accion].label}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {detalle}
            {ACCION_OBRA[accion].fecha && (
              <Form.Group className="mb-3">
                <Form.Label htmlFor={`${id}-fecha`}>{T.acciones.fecha}</Form.Label>
                <Form.Control
                  id={`${id}-fecha`}
                  type="date"
                  value={fecha}
                  onChange={(e) => setFecha(e.target.value)}
                />
              </Form.Group>
            )}
            {ACCION_OBRA[accion].motivo && (
              <Form.Group>
                <Form.Label htmlFor={`${id}-motivo`}>{T.acciones.motivo}</Form.Label>
                <Form.Control
                  id={`${id}-motivo`}
                  value={motivo}
                  onChange={(e) => setMotivo(e.target.value)}
                />
              </Form.Group>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setAccion(undefined)}>
              {T.cancelar}
            </Button>
            <Button onClick={() => void ejecutar(accion)} disabled={mutation.isPending}>
              {T.acciones.confirmar}
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </>
  );
};
