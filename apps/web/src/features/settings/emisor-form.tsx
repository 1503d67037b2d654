import { useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import {
  VERSION_MESSAGES,
  direccionInputOf,
  type Direccion,
  type Emisor,
  type Empresa,
} from '@tvsistema/domain';
import { isApiError } from '../../lib/api-client.js';
import { serverMessageOr } from '../../lib/api-error-message.js';
import { applyServerErrors } from '../../lib/server-errors.js';
import { LoadingStatus } from '../../components/resource/loading-status.js';
import { useBannerFocus } from '../../components/resource/use-banner-focus.js';
import { AddressPicker } from '../localizacion/index.js';
import { useEmisor, useSaveEmisor } from './emisor-api.js';

type Values = {
  razonSocial: string;
  nif: string;
  direccion: Direccion;
  telefono: string;
  email: string;
  iban: string;
  bic: string;
  registroMercantil: string;
  epigrafeIae: string;
  descripcionOperacion: string;
  diasVencimiento: string;
};

const TEXT_FIELDS = [
  ['razonSocial', 'Razón social', true],
  ['nif', 'NIF', true],
  ['iban', 'IBAN', true],
  ['bic', 'BIC', false],
  ['telefono', 'Teléfono', false],
  ['email', 'Correo electrónico', false],
  ['registroMercantil', 'Registro mercantil (pie de los documentos)', false],
  ['epigrafeIae', 'Epígrafe IAE', false],
  ['descripcionOperacion', 'Descripción de la operación (facturas)', false],
] as const;

const FIELDS = [...TEXT_FIELDS.map(([name]) => name), 'direccion', 'diasVencimiento'] as const;

const valuesOf = (emisor: Emisor): Values => ({
  razonSocial: emisor.razonSocial,
  nif: emisor.nif,
  direccion: emisor.direccion,
  telefono: emisor.telefono ?? '',
  email: emisor.email ?? '',
  iban: emisor.iban,
  bic: emisor.bic ?? '',
  registroMercantil: emisor.registroMercantil ?? '',
  epigrafeIae: emisor.epigrafeIae ?? '',
  descripcionOperacion: emisor.descripcionOperacion,
  diasVencimiento: String(emisor.diasVencimiento),
});

const EmisorFields = ({ empresa, emisor }: { empresa: Empresa; emisor: Emisor }) => {
  const save = useSaveEmisor(empresa);
  const [version, setVersion] = useState(emisor.version);
  const form = useForm<Values>({ defaultValues: valuesOf(emisor) });
  const [banner, setBanner] = useState<
    | { variant: 'success' | 'danger'; message: string; details?: string[]; stale?: boolean }
    | undefined
  >();
  const bannerRef = useBannerFocus(banner?.variant === 'success' ? banner : undefined);
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const query = useEmisor(empresa);

  const submit = handleSubmit(async (values) => {
    setBanner(undefined);
    try {
      const saved = await save.mutateAsync({
        ...values,
        direccion: direccionInputOf(values.direccion),
        diasVencimiento: Number(values.diasVencimiento),
        version,
      });
      setVersion(saved.version);
      reset(valuesOf(saved));
      setBanner({ variant: 'success', message: 'Datos de empresa guardados.' });
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        setBanner({ variant: 'danger', message: error.message, stale: true });
        return;
      }
      const details =
        isApiError(error) && error.status === 400
          ? applyServerErrors(error.errors, FIELDS, setError)
          : undefined;
      setBanner({
        variant: 'danger',
        message: serverMessageOr(error, 'No se pudieron guardar los datos de empresa.'),
        ...(details && details.length > 0 ? { details } : {}),
      });
    }
  });

  const reload = async () => {
    setBanner(undefined);
    const fresh = (await query.refetch()).data;
    if (fresh) {
      setVersion(fresh.version);
      reset(valuesOf(fresh));
    }
  };

  const errorOf = (name: keyof Values) => formState.errors[name]?.message;
  const errorId = (name: keyof Values) => `emisor-${empresa}-${name}-error`;
  // A refused field says so to screen readers too, and reads its message (issue 14).
  const invalidProps = (name: keyof Values) =>
    errorOf(name)
      ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': errorId(name) }
      : { isInvalid: false };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={`Datos de ${empresa}`}>
      {banner && (
        <Alert
          ref={bannerRef}
          tabIndex={-1}
          variant={banner.variant}
          role={banner.variant === 'danger' ? 'alert' : 'status'}
        >
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="flex-grow-1">{banner.message}</span>
            {banner.stale && (
              <Button variant="outline-danger" size="sm" onClick={() => void reload()}>
                Recargar
              </Button>
            )}
          </div>
          {banner.details && (
            <ul className="mb-0 mt-2">
              {banner.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {emisor.version === 0 && (
        <Alert variant="info" role="note">
          Esta empresa aún no tiene datos fiscales guardados: los documentos muestran solo su
          nombre. Complétalos y guarda.
        </Alert>
      )}
      <fieldset disabled={save.isPending}>
        <Row className="g-3">
          {TEXT_FIELDS.map(([name, label, required]) => (
            <Col md={6} key={name}>
              <Form.Group controlId={`emisor-${empresa}-${name}`}>
                <Form.Label>
                  {label}
                  {required && <span aria-hidden="true"> *</span>}
                </Form.Label>
                <Form.Control
                  {...register(name)}
                  required={required}
                  {...invalidProps(name)}
                  type={name === 'email' ? 'email' : 'text'}
                />
                <Form.Control.Feedback type="invalid" id={errorId(name)}>
                  {errorOf(name)}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
          ))}
          <Col md={6}>
            <Form.Group controlId={`emisor-${empresa}-diasVencimiento`}>
              <Form.Label>Días de vencimiento</Form.Label>
              <Form.Control
                {...register('diasVencimiento')}
                type="number"
                min={0}
                max={120}
                {...invalidProps('diasVencimiento')}
              />
              <Form.Control.Feedback type="invalid" id={errorId('diasVencimiento')}>
                {errorOf('diasVencimiento')}
              </Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col xs={12}>
            <fieldset>
              <legend className="h6">Domicilio fiscal *</legend>
              <Controller
                control={control}
                name="direccion"
                render={({ field }) => (
                  <AddressPicker
                    value={field.value}
                    onChange={field.onChange}
                    canCreate
                    idPrefix={`emisor-${empresa}-direccion`}
                    {...(errorOf('direccion') ? { errorId: errorId('direccion') } : {})}
                  />
                )}
              />
              {errorOf('direccion') && (
                <div id={errorId('direccion')} className="text-danger small mt-1">
                  {errorOf('direccion')}
                </div>
              )}
            </fieldset>
          </Col>
        </Row>
      </fieldset>
      <div className="d-flex justify-content-end mt-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <>
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" /> Guardando…
            </>
          ) : (
            'Guardar'
          )}
        </Button>
      </div>
    </Form>
  );
};

/** One empresa's legal data: loading, error, then the form. */
export const EmisorForm = ({ empresa }: { empresa: Empresa }) => {
  const query = useEmisor(empresa);
  if (query.isPending) return <LoadingStatus message="Cargando datos de empresa…" />;
  if (query.isError) {
    return (
      <Alert variant="danger">
        {serverMessageOr(query.error, 'No se pudieron cargar los datos de empresa.')}
      </Alert>
    );
  }
  return <EmisorFields key={empresa} empresa={empresa} emisor={query.data} />;
};
