import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { VERSION_MESSAGES, type Empresa } from '@tvsistema/domain';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { isApiError } from '../../../lib/api-client.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { RESOURCE_TEXTS } from '../../../components/resource/resource-texts.js';
import { useCreateParte } from '../api/create-parte.js';
import { useUpdateParte } from '../api/update-parte.js';
import { useDuplicateCheck } from '../hooks/use-duplicate-check.js';
import { usePalmaPrefill } from '../hooks/use-palma-prefill.js';
import { PARTE_UI_TEXTS as T, type ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';
import {
  buildPayload,
  emptyFormValues,
  MAPPED_FIELDS,
  parteFormResolver,
  recordToFormValues,
  type ParteFormMode,
  type ParteFormValues,
} from '../utils/form-rules.js';
import { ParteInputs } from './parte-inputs.js';

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
  /** Reads the record again (after a conflict); resolves with the stored one. */
  onReload?: () => Promise<ParteRecord | undefined>;
};

export const ParteForm = ({
  config,
  mode,
  record,
  defaultEmpresa,
  listHref,
  canCreateLocations,
  editHref,
  onReload,
}: ParteFormProps) => {
  const { texts, cuentas } = config;
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
  const { control, getValues, resetField, setError } = form;
  const status = useSaveStatus({
    listHref,
    flash: mode === 'create' ? texts.created : texts.updated,
  });
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

  const runDuplicateCheck = () =>
    void duplicate.check(
      mode === 'create' ? getValues('empresa') : (record?.empresa ?? ''),
      getValues('documento'),
    );

  /**
   * After a conflict: the record as stored now, and the form showing it. The user's unsaved
   * edits are dropped on purpose: they were made on data that no longer exists.
   */
  const reload = async () => {
    status.clear();
    const fresh = await onReload?.();
    if (fresh) form.reset(recordToFormValues(fresh, cuentas));
  };

  const onSubmit = async (values: ParteFormValues) => {
    // Enter in a field submits too; a known duplicate waits for the user to fix it.
    if (duplicate.isTaken(currentEmpresa, values.documento)) return;
    status.clear();
    const payload = buildPayload(values, { mode, cuentas });
    try {
      if (mode === 'create') await createMutation.mutateAsync(payload);
      // The version this form read: a record changed meanwhile is refused (409) untouched.
      else await updateMutation.mutateAsync({ ...payload, version: record?.version });
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void reload() });
        return;
      }
      if (isApiError(error) && error.status === 400) {
        const unmapped = applyServerErrors(error.errors, MAPPED_FIELDS, setError);
        status.fail(serverMessageOr(error, T.invalidData), unmapped);
        return;
      }
      if (isApiError(error) && error.status === 409) {
        duplicate.markTaken(currentEmpresa, values.documento);
      }
      status.fail(serverMessageOr(error, mode === 'create' ? T.createFailed : T.updateFailed));
    }
  };

  const title =
    mode === 'create' ? texts.newTitle : mode === 'edit' ? texts.editTitle : texts.detailTitle;

  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title={title}
      subtitle={record?.nombre}
      listHref={listHref}
      readOnly={readOnly}
      editHref={editHref}
      saving={saving}
      submitLabel={mode === 'create' ? texts.createButton : RESOURCE_TEXTS.save}
      submitDisabled={isDuplicate}
      onSubmit={onSubmit}
    >
      <ParteInputs
        mode={mode}
        record={record}
        cuentas={cuentas}
        locked={readOnly || saving || status.saved}
        canCreateLocations={canCreateLocations}
        idPrefix={`${config.tipo}-direccion`}
        duplicateMessage={isDuplicate ? texts.duplicateDocumento : undefined}
        onDocumentoBlur={runDuplicateCheck}
        onEmpresaChange={() => {
          if (getValues('documento').trim()) runDuplicateCheck();
        }}
      />
    </ResourceFormFrame>
  );
};
