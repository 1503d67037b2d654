import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import {
  CLASES_PERMISO,
  conductorCreateSchema,
  type Conductor,
  type ConductorInput,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { payloadResolver } from '../../../lib/form-resolver.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { useSaveConductor } from '../api/conductores.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// §5.1 modal "Nuevo Conductor" / "Editar Conductor", validated with the domain's schema.

type Values = {
  nombre: string;
  apellidos: string;
  documento: string;
  telefono: string;
  correo: string;
  clasesPermiso: string[];
  permisoVencimiento: string;
  capVencimiento: string;
  tarjetaNumero: string;
  tarjetaVencimiento: string;
  activo: boolean;
  observaciones: string;
};

const valuesOf = (c: Conductor | null): Values => ({
  nombre: c?.nombre ?? '',
  apellidos: c?.apellidos ?? '',
  documento: c?.documento ?? '',
  telefono: c?.telefono ?? '',
  correo: c?.correo ?? '',
  clasesPermiso: c?.clasesPermiso ?? ['B'],
  permisoVencimiento: c?.permisoVencimiento ?? '',
  capVencimiento: c?.capVencimiento ?? '',
  tarjetaNumero: c?.tarjetaTacografo?.numero ?? '',
  tarjetaVencimiento: c?.tarjetaTacografo?.vencimiento ?? '',
  activo: c?.activo ?? true,
  observaciones: c?.observaciones.join('\n') ?? '',
});

const toPayload = (v: Values): ConductorInput => ({
  nombre: v.nombre,
  apellidos: v.apellidos,
  documento: v.documento,
  telefono: v.telefono,
  correo: v.correo,
  clasesPermiso: v.clasesPermiso as ConductorInput['clasesPermiso'],
  permisoVencimiento: v.permisoVencimiento,
  capVencimiento: v.capVencimiento || null,
  tarjetaTacografo:
    v.tarjetaNumero || v.tarjetaVencimiento
      ? { numero: v.tarjetaNumero, vencimiento: v.tarjetaVencimiento }
      : null,
  activo: v.activo,
  observaciones: v.observaciones.split('\n'),
});

const FIELDS = [
  'nombre',
  'apellidos',
  'documento',
  'telefono',
  'correo',
  'clasesPermiso',
  'permisoVencimiento',
  'capVencimiento',
] as const;

export const ConductorModal = ({
  conductor,
  onClose,
}: {
  conductor: Conductor | null;
  onClose: () => void;
}) => {
  const resolver = useMemo(
    () =>
      payloadResolver<Values>({
        schema: conductorCreateSchema,
        toPayload,
        fieldOf: (path) =>
          path[0] === 'tarjetaTacografo'
            ? [path[1] === 'numero' ? 'tarjetaNumero' : 'tarjetaVencimiento']
            : path.slice(0, 1),
      }),
    [],
  );
  const form = useForm<Values>({ defaultValues: valuesOf(conductor), resolver });
  const { register, formState } = form;
  const save = useSaveConductor(conductor?._id);
  const [error, setError] = useState<string | undefined>();
  const id = (name: string) => `conductor-${name}`;
  const err = (name: keyof Values) => formState.errors[name]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(undefined);
    try {
      await save.mutateAsync({ ...toPayload(values), version: conductor?.version });
      onClose();
    } catch (cause) {
      if (isApiError(cause) && (cause.status === 400 || cause.status === 409)) {
        const rest = applyServerErrors(cause.errors, FIELDS, form.setError);
        setError([cause.message, ...rest].join(' · '));
        return;
      }
      setError(serverMessageOr(cause, T.createFailed));
    }
  });

  const input = (name: keyof Values, label: string, type = 'text', col = 6) => (
    <Col xs={12} sm={col}>
      <Form.Group controlId={id(name)}>
        <Form.Label>{label}</Form.Label>
        <Form.Control type={type} {...invalidProps(id(name), err(name))} {...register(name)} />
        <Form.Control.Feedback type="invalid" id={errorIdOf(id(name))}>
          {err(name)}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="conductor-modal-title">
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="conductor-modal-title">
            {conductor ? T.editarConductor : T.nuevoConductor}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          <h3 className="h6">Datos personales</h3>
          <Row className="g-3 mb-3">
            {input('nombre', 'Nombre')}
            {input('apellidos', 'Apellidos')}
            {input('documento', 'DNI / NIE', 'text', 4)}
            {input('telefono', 'Teléfono', 'tel', 4)}
            {input('correo', 'Correo electrónico', 'email', 4)}
            <Col xs={12}>
              <Form.Check type="switch" id={id('activo')} label="Activo" {...register('activo')} />
            </Col>
          </Row>
          <h3 className="h6">Permiso de conducir</h3>
          <Row className="g-3 mb-3">
            <Col xs={12} sm={6}>
              <fieldset>
                <legend className="form-label fs-6">Clases</legend>
                {CLASES_PERMISO.map((clase) => (
                  <Form.Check
                    inline
                    key={clase}
                    type="checkbox"
                    id={id(`clase-${clase}`)}
                    label={clase}
                    value={clase}
                    {...invalidProps(id('clasesPermiso'), err('clasesPermiso'))}
                    {...register('clasesPermiso')}
                  />
                ))}
                {err('clasesPermiso') && (
                  <div id={errorIdOf(id('clasesPermiso'))} className="text-danger small">
                    {err('clasesPermiso')}
                  </div>
                )}
              </fieldset>
            </Col>
            {input('permisoVencimiento', 'Vencimiento del permiso', 'date')}
          </Row>
          <h3 className="h6">CAP y tarjeta de tacógrafo</h3>
          <Row className="g-3 mb-3">
            {input('capVencimiento', 'Vencimiento del CAP', 'date', 4)}
            {input('tarjetaNumero', 'Nº de tarjeta de tacógrafo', 'text', 4)}
            {input('tarjetaVencimiento', 'Vencimiento de la tarjeta', 'date', 4)}
          </Row>
          <h3 className="h6">Observaciones</h3>
          <Form.Control
            as="textarea"
            rows={3}
            aria-label="Observaciones"
            {...register('observaciones')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Guardando…' : 'Guardar'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};
