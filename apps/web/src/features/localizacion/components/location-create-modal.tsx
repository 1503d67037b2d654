import { useEffect, useEffectEvent, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import {
  LOCATION_CODIGO_MAX,
  MESSAGES,
  TIMINGS,
  calleCreateSchema,
  ciudadCreateSchema,
  codigoPostalCreateSchema,
  municipioCreateSchema,
  paisCreateSchema,
  provinciaCreateSchema,
  sanitizePostalCodeInput,
  type Direccion,
} from '@tvsistema/domain';
import { useCreateLocation, type LocationCreatePayload } from '../api/create-location.js';
import {
  LEVELS,
  capitalize,
  recordLabel,
  type LocationLevel,
  type LocationRecord,
  type ParentFilterKey,
} from '../levels.js';
import { forForm } from '../../../lib/form-resolver.js';
import { LocationNameField } from './location-name-field.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

export type CreateFormValues = {
  nombre: string;
  valor: string;
  codigo: string;
  paisId: string;
  provinciaId: string;
  municipioId: string;
  ciudadId: string;
};

// The domain's create schemas are the forms' resolvers (SPEC 5 messages, normalised output).
const resolverFor = (
  level: LocationLevel,
): Resolver<CreateFormValues, unknown, LocationCreatePayload> => {
  switch (level) {
    case 'pais':
      return forForm<CreateFormValues>()(zodResolver(paisCreateSchema));
    case 'provincia':
      return forForm<CreateFormValues>()(zodResolver(provinciaCreateSchema));
    case 'municipio':
      return forForm<CreateFormValues>()(zodResolver(municipioCreateSchema));
    case 'ciudad':
      return forForm<CreateFormValues>()(zodResolver(ciudadCreateSchema));
    case 'calle':
      return forForm<CreateFormValues>()(zodResolver(calleCreateSchema));
    case 'codigoPostal':
      return forForm<CreateFormValues>()(zodResolver(codigoPostalCreateSchema));
  }
};

/** The levels whose records carry an optional code (SPEC 3: país, provincia; the API: municipio). */
const HAS_CODIGO: ReadonlySet<LocationLevel> = new Set(['pais', 'provincia', 'municipio']);

const PARENT_LEVEL = {
  paisId: 'pais',
  provinciaId: 'provincia',
  municipioId: 'municipio',
  ciudadId: 'ciudad',
} as const satisfies Record<ParentFilterKey, LocationLevel>;

/** The chosen levels above the one being created (ids and names, as in a `Direccion`). */
export type CreationParents = Partial<
  Pick<
    Direccion,
    | 'paisId'
    | 'pais'
    | 'provinciaId'
    | 'provincia'
    | 'municipioId'
    | 'municipio'
    | 'ciudadId'
    | 'ciudad'
  >
>;

export type LocationCreateModalProps = {
  level: LocationLevel;
  /** What the user typed in the lookup, offered as the new name. */
  initialText?: string;
  parents: CreationParents;
  /** Called as soon as the server confirms; the modal closes itself ~1 s later (SPEC 4.7). */
  onCreated: (record: LocationRecord) => void;
  onClose: () => void;
};

/** SPEC 4.7/5/8: creation of one location level, from the address picker or the cities screen. */
export const LocationCreateModal = ({
  level,
  initialText = '',
  parents,
  onCreated,
  onClose,
}: LocationCreateModalProps) => {
  const info = LEVELS[level];
  const isPostalCode = level === 'codigoPostal';
  const mutation = useCreateLocation(level);
  const [success, setSuccess] = useState<string | null>(null);
  const close = useEffectEvent(onClose);
  // SPEC 4.7/9: the modal closes about 1 s after the success message.
  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(close, TIMINGS.modalCloseAfterSuccess);
    return () => clearTimeout(timer);
  }, [success]);

  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateFormValues, unknown, LocationCreatePayload>({
    resolver: resolverFor(level),
    defaultValues: {
      nombre: isPostalCode ? '' : initialText.trim(),
      valor: isPostalCode ? sanitizePostalCodeInput(initialText).trim() : '',
      codigo: '',
      paisId: parents.paisId ?? '',
      provinciaId: parents.provinciaId ?? '',
      municipioId: parents.municipioId ?? '',
      ciudadId: parents.ciudadId ?? '',
    },
  });

  const submit = handleSubmit(async (payload) => {
    // The hook keeps the error for the red alert; nothing else to do on failure.
    const record = await mutation.mutateAsync(payload).catch(() => null);
    if (!record) return;
    setSuccess(MESSAGES.localizacion.created(level, recordLabel(record)));
    onCreated(record);
  });

  const busy = mutation.isPending || success !== null;
  const fieldId = `crear-${level}-${isPostalCode ? 'valor' : 'nombre'}`;
  const fieldError = isPostalCode ? errors.valor : errors.nombre;

  return (
    <Modal show onHide={onClose} aria-labelledby={`crear-${level}-titulo`} centered>
      <Form
        noValidate
        onSubmit={(event) => {
          // The modal is portalled, but React still bubbles its submit to the form around the
          // picker (the supplier's): it must not save the supplier too.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`crear-${level}-titulo`}>{info.newLabel}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* Each chosen level above is a read-only field, so a missing one ("Debe seleccionar un
              municipio primero") is said of its field to a screen reader too (issue 14). */}
          {info.parents.length > 0 && (
            <div className="small mb-3">
              {info.parents.map((key) => {
                const parentLevel = PARENT_LEVEL[key];
                const name = parents[parentLevel];
                const error = errors[key]?.message;
                const id = `crear-${level}-${key}`;
                return (
                  <Form.Group key={key} controlId={id} className="d-flex gap-2 mb-1">
                    <Form.Label className="fw-semibold mb-0">
                      {capitalize(LEVELS[parentLevel].singular)}:
                    </Form.Label>
                    <div className="flex-grow-1">
                      <Form.Control
                        plaintext
                        readOnly
                        size="sm"
                        className={`p-0 small${name ? '' : ' text-body-secondary'}`}
                        value={name ?? 'Sin seleccionar'}
                        {...invalidProps(id, error)}
                      />
                      {error && (
                        <Form.Control.Feedback
                          type="invalid"
                          id={errorIdOf(id)}
                          className="d-block"
                          role="alert"
                        >
                          {error}
                        </Form.Control.Feedback>
                      )}
                    </div>
                  </Form.Group>
                );
              })}
            </div>
          )}
          <LocationNameField
            isPostalCode={isPostalCode}
            controlId={fieldId}
            label="Nombre"
            control={control}
            register={register}
            disabled={busy}
            error={fieldError}
          />
          {HAS_CODIGO.has(level) && (
            <Form.Group controlId={`crear-${level}-codigo`} className="mt-3">
              <Form.Label>Código (opcional)</Form.Label>
              <Form.Control
                {...register('codigo')}
                autoComplete="off"
                maxLength={LOCATION_CODIGO_MAX}
                disabled={busy}
                {...invalidProps(`crear-${level}-codigo`, errors.codigo?.message)}
              />
              <Form.Control.Feedback type="invalid" id={errorIdOf(`crear-${level}-codigo`)}>
                {errors.codigo?.message}
              </Form.Control.Feedback>
            </Form.Group>
          )}
          {mutation.error && !success && (
            <ServerErrorAlert
              className="mt-3 mb-0"
              error={mutation.error}
              fallback={MESSAGES.localizacion.unknownError}
            />
          )}
          {success && (
            <Alert variant="success" className="mt-3 mb-0">
              {success}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {success ? 'Cerrar' : 'Cancelar'}
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {mutation.isPending ? (
              <>
                <Spinner as="span" size="sm" animation="border" aria-hidden="true" /> Creando…
              </>
            ) : (
              'Crear'
            )}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};
