import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  VERSION_MESSAGES,
  codigoPostalUpdateSchema,
  locationRenameSchema,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { localizacionKeys } from '../api/localizacion-keys.js';
import { useUpdateLocation, type LocationUpdatePayload } from '../api/update-location.js';
import { LEVELS, recordLabel, type LocationLevel, type LocationRecord } from '../levels.js';
import { forForm } from '../../../lib/form-resolver.js';
import { LocationNameField } from './location-name-field.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';

type RenameFormValues = { nombre: string; valor: string };

const resolverFor = (
  level: LocationLevel,
): Resolver<RenameFormValues, unknown, LocationUpdatePayload> =>
  level === 'codigoPostal'
    ? forForm<RenameFormValues>()(zodResolver(codigoPostalUpdateSchema))
    : forForm<RenameFormValues>()(zodResolver(locationRenameSchema));

export type LocationRenameModalProps = {
  level: LocationLevel;
  record: LocationRecord;
  onRenamed: (before: string, after: LocationRecord) => void;
  onClose: () => void;
};

/** Renames one record (PUT), with the same name rules as creation (SPEC 5). */
export const LocationRenameModal = ({
  level,
  record,
  onRenamed,
  onClose,
}: LocationRenameModalProps) => {
  const isPostalCode = level === 'codigoPostal';
  const before = recordLabel(record);
  const mutation = useUpdateLocation(level);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RenameFormValues, unknown, LocationUpdatePayload>({
    resolver: resolverFor(level),
    defaultValues: { nombre: isPostalCode ? '' : before, valor: isPostalCode ? before : '' },
  });

  const submit = handleSubmit(async (payload) => {
    // The version this list showed: a rename made meanwhile by someone else is refused (409).
    const updated = await mutation
      .mutateAsync({ id: record._id, payload: { ...payload, version: record.version } })
      .catch(() => null);
    if (updated) onRenamed(before, updated);
  });

  const queryClient = useQueryClient();
  const stale =
    isApiError(mutation.error) &&
    mutation.error.status === 409 &&
    mutation.error.message === VERSION_MESSAGES.stale;
  /** After a conflict: the lists read again, so the user sees the name as it is now. */
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: localizacionKeys.all });
    onClose();
  };

  const fieldError = isPostalCode ? errors.valor : errors.nombre;
  const titleId = `renombrar-${level}-titulo`;

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
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
          <Modal.Title id={titleId}>
            Renombrar {LEVELS[level].singular} «{before}»
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <LocationNameField
            isPostalCode={isPostalCode}
            controlId={`renombrar-${level}-campo`}
            label="Nuevo nombre"
            control={control}
            register={register}
            disabled={mutation.isPending}
            error={fieldError}
          />
          {mutation.error && (
            <ServerErrorAlert
              className="mt-3 mb-0"
              error={mutation.error}
              fallback={MESSAGES.localizacion.unknownError}
            />
          )}
          {stale && (
            <Button variant="outline-danger" size="sm" className="mt-2" onClick={reload}>
              Recargar
            </Button>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <Spinner as="span" size="sm" animation="border" aria-hidden="true" /> Guardando…
              </>
            ) : (
              'Guardar'
            )}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};
