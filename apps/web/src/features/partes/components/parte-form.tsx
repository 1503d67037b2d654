import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FaArrowLeft, FaMapMarkerAlt } from 'react-icons/fa';
import { TIMINGS, type Empresa } from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { AddressPicker } from '../../localizacion/index.js';
import { useCreateParte } from '../api/create-parte.js';
import { useUpdateParte } from '../api/update-parte.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { PARTE_UI_TEXTS as T, type ParteConfig } from '../parte-config.js';
import type { ParteListLocationState } from '../parte-base-path.js';
import type { ParteRecord } from '../parte-record.js';
import { ContactosCard } from './contactos-card.js';
import { CuentasCard } from './cuentas-card.js';
import { DatosBasicosCard } from './datos-basicos-card.js';
import { EmpresaInfoCard } from './empresa-info-card.js';
import {
  buildPayload,
  emptyFormValues,
  mapServerErrors,
  parteFormResolver,
  recordToFormValues,
  type ParteFormMode,
  type ParteFormValues,
} from '../utils/form-rules.js';
import { ObservacionesCard } from './observaciones-card.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import { useDuplicateCheck } from '../hooks/use-duplicate-check.js';
import { usePalmaPrefill } from '../hooks/use-palma-prefill.js';

export type ParteFormProps = {
  config: ParteConfig;
  mode: ParteFormMode;
  /** The loaded record (edit and view). */
  record?: ParteRecord | undefined;
  /** Empresa preselected on create (from the current system). */
  defaultEmpresa: Empresa;
  listHref: string;
  canCreateLocations: boolean;
  /** In view mode, where the "Editar" button goes (absent for users who may not edit). */
  editHref?: string | undefined;
};

type Banner = { variant: 'danger' | 'success'; message: string; details?: string[] };

export const ParteForm = ({
  config,
  mode,
  record,
  defaultEmpresa,
  listHref,
  canCreateLocations,
  editHref,
}: ParteFormProps) => {
  const { texts, cuentas } = config;
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const defaultValues = useMemo(
    () => (record ? recordToFormValues(record, cuentas) : emptyFormValues(cuentas, defaultEmpresa)),
    [record, cuentas, defaultEmpresa],
  );
  const resolver = useMemo(
    () => parteFormResolver(config.tipo, mode === 'create' ? 'create' : 'edit', cuentas),
    [config.tipo, mode, cuentas],
  );
  const form = useForm<ParteFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const { control, getValues, handleSubmit, resetField, setError, formState } = form;
  const [banner, setBanner] = useState<Banner | undefined>();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [saved, setSaved] = useState(false);
  const createMutation = useCreateParte(config.resource);
  const updateMutation = useUpdateParte(config.resource, record?._id ?? '');
  const saving = createMutation.isPending || updateMutation.isPending;
  const duplicate = useDuplicateCheck(config.resource, record?._id);
  const [documento, empresa] = useWatch({ control, name: ['documento', 'empresa'] });
  const currentEmpresa: Empresa | '' = mode === 'create' ? empresa : (record?.empresa ?? '');
  const isDuplicate = duplicate.isTaken(currentEmpresa, documento);

  usePalmaPrefill({
    enabled: mode === 'create',
    current: () => getValues('direccion'),
    // As the field's new default: a prefilled address is not an unsaved change.
    apply: (direccion) => resetField('direccion', { defaultValue: direccion }),
  });

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => {
      const state: ParteListLocationState = {
        flash: mode === 'create' ? texts.created : texts.updated,
      };
      void navigate(listHref, { state });
    }, TIMINGS.saveRedirect);
    return () => clearTimeout(timer);
  }, [saved, mode, texts, listHref, navigate]);

  // The submit button may be far below the banner on a long form (or a phone): bring it into view.
  useEffect(() => {
    if (banner) bannerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [banner]);

  const runDuplicateCheck = () =>
    void duplicate.check(
      mode === 'create' ? getValues('empresa') : (record?.empresa ?? ''),
      getValues('documento'),
    );

  const onSubmit = handleSubmit(async (values) => {
    // Enter in a field submits too; a known duplicate waits for the user to fix it.
    if (duplicate.isTaken(currentEmpresa, values.documento)) return;
    setBanner(undefined);
    const payload = buildPayload(values, { mode, cuentas });
    try {
      if (mode === 'create') await createMutation.mutateAsync(payload);
      else await updateMutation.mutateAsync(payload);
      setSaved(true);
      setBanner({ variant: 'success', message: T.saved });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const mapped = mapServerErrors(error.errors);
        for (const [field, message] of Object.entries(mapped.fields)) {
          setError(field as keyof typeof mapped.fields, { type: 'server', message });
        }
        setBanner({
          variant: 'danger',
          message: serverMessageOr(error, T.invalidData),
          details: mapped.unmapped,
        });
        return;
      }
      if (isApiError(error) && error.status === 409) {
        duplicate.markTaken(currentEmpresa, values.documento);
      }
      setBanner({
        variant: 'danger',
        message: serverMessageOr(error, mode === 'create' ? T.createFailed : T.updateFailed),
      });
    }
  });

  const title =
    mode === 'create' ? texts.newTitle : mode === 'edit' ? texts.editTitle : texts.detailTitle;

  return (
    <FormProvider {...form}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button variant="outline-secondary" onClick={() => void navigate(listHref)}>
          <FaArrowLeft aria-hidden="true" className="me-1" />
          {T.back}
        </Button>
        <div className="me-auto">
          <h1 className="h3 mb-0">{title}</h1>
          {record && <div className="text-body-secondary text-break">{record.nombre}</div>}
        </div>
        {readOnly && editHref && (
          <Button variant="primary" onClick={() => void navigate(editHref)}>
            Editar
          </Button>
        )}
      </div>

      {banner && (
        <Alert
          ref={bannerRef}
          variant={banner.variant}
          role={banner.variant === 'danger' ? 'alert' : 'status'}
        >
          <div>{banner.message}</div>
          {banner.details && banner.details.length > 0 && (
            <ul className="mb-0 mt-2">
              {banner.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}

      <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
        <fieldset disabled={readOnly || saving || saved}>
          <Row className="g-3">
            <Col lg={7} className="d-flex flex-column gap-3">
              <DatosBasicosCard
                mode={mode}
                duplicateMessage={isDuplicate ? texts.duplicateDocumento : undefined}
                onDocumentoBlur={runDuplicateCheck}
                onEmpresaChange={() => {
                  if (getValues('documento').trim()) runDuplicateCheck();
                }}
              />
              {record && <EmpresaInfoCard record={record} />}
              <SectionCard title="Dirección" icon={<FaMapMarkerAlt />}>
                <Controller
                  control={control}
                  name="direccion"
                  render={({ field }) => (
                    <AddressPicker
                      value={field.value}
                      onChange={field.onChange}
                      disabled={readOnly || saving || saved}
                      canCreate={canCreateLocations && !readOnly}
                      idPrefix={`${config.tipo}-direccion`}
                    />
                  )}
                />
              </SectionCard>
              <CuentasCard cuentas={cuentas} />
            </Col>
            <Col lg={5} className="d-flex flex-column gap-3">
              <ContactosCard readOnly={readOnly} />
              <ObservacionesCard readOnly={readOnly} />
            </Col>
          </Row>
        </fieldset>

        {!readOnly && (
          <div className="d-flex justify-content-end gap-2 mt-3 partes-form-actions">
            <Button variant="outline-secondary" onClick={() => void navigate(listHref)}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              className="partes-accent-button"
              disabled={saving || saved || isDuplicate}
            >
              {saving && (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              )}
              {saving ? T.saving : mode === 'create' ? texts.createButton : T.save}
            </Button>
          </div>
        )}
      </Form>

      {/* Once saved, leaving is the point: the guard stands down before the redirect. */}
      <UnsavedChangesGuard dirty={formState.isDirty && !saved} />
    </FormProvider>
  );
};
