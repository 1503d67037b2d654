import { useEffect, useMemo, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import {
  avisoDatosPendientes,
  datosObligatoriosPendientes,
  diaEnMadrid,
  VERSION_MESSAGES,
  type Camion,
} from '@tvsistema/domain';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { useCamion, useSaveCamion } from '../api/camiones.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import '../flota.css';
import {
  buildPayload,
  CAMION_FIELDS,
  camionFormResolver,
  emptyCamionValues,
  recordToFormValues,
  type CamionFormMode,
  type CamionFormValues,
} from '../utils/camion-form-values.js';
import { CamionInputs } from './camion-inputs.js';

const detailHref = (id: string) => paths.transporte.camiones.detail.getHref({ camionId: id });

const CamionForm = ({
  mode,
  record,
  onReload,
}: {
  mode: CamionFormMode;
  record: Camion | undefined;
  onReload: () => Promise<Camion | undefined>;
}) => {
  const backHref = record ? detailHref(record._id) : paths.transporte.camiones.list.getHref();
  const defaultValues = useMemo(
    () => (record ? recordToFormValues(record) : emptyCamionValues(diaEnMadrid())),
    [record],
  );
  const resolver = useMemo(() => camionFormResolver(mode), [mode]);
  const form = useForm<CamionFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const [target, setTarget] = useState(backHref);
  const [warnings, setWarnings] = useState<string[]>([]);
  const status = useSaveStatus({
    listHref: target,
    flash: mode === 'create' ? T.created : T.updated,
  });
  const save = useSaveCamion(record?._id);
  // §2.1: a vehicle written before autorización and tacógrafo were required opens with them
  // marked, as Guardar would mark them (decision 0029).
  const pendientes = useMemo(() => (record ? datosObligatoriosPendientes(record) : []), [record]);
  useEffect(() => {
    // Touched and validated by the form's own schema, so its messages show as Guardar's would.
    for (const dato of pendientes)
      form.setValue(`${dato}.tipo`, '', { shouldTouch: true, shouldValidate: true });
  }, [form, pendientes]);

  const reload = async () => {
    status.clear();
    const fresh = await onReload();
    if (fresh) form.reset(recordToFormValues(fresh));
  };

  const onSubmit = async (values: CamionFormValues) => {
    status.clear();
    const payload = buildPayload(values, mode);
    try {
      const saved = await save.mutateAsync(
        mode === 'create' ? payload : { ...payload, version: record?.version },
      );
      setWarnings(saved.warnings ?? []);
      setTarget(detailHref(saved.data._id));
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void reload() });
        return;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        const unmapped = applyServerErrors(error.errors, CAMION_FIELDS, form.setError);
        status.fail(serverMessageOr(error, T.invalidData), unmapped);
        return;
      }
      status.fail(serverMessageOr(error, mode === 'create' ? T.createFailed : T.updateFailed));
    }
  };

  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title={mode === 'create' ? T.newTitle : T.editTitle(record?.matriculaTexto ?? '')}
      subtitle={record?.descripcion}
      listHref={backHref}
      readOnly={false}
      saving={save.isPending}
      submitLabel={mode === 'create' ? T.createButton : T.saveButton}
      onSubmit={onSubmit}
    >
      {pendientes.length > 0 && (
        <Alert variant="warning" role="note">
          {avisoDatosPendientes(pendientes, 'formulario')}
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert variant="warning">
          {warnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </Alert>
      )}
      <CamionInputs mode={mode} inspecciones={record?.itv.inspecciones ?? 0} />
    </ResourceFormFrame>
  );
};

/** /transporte/camiones/nuevo and /{camionId}/editar (§5.2). */
export const CamionFormPage = ({ mode }: { mode: CamionFormMode }) => {
  const { camionId } = useParams();
  const query = useCamion(mode === 'edit' ? camionId : undefined);
  const body = (() => {
    if (mode === 'create')
      return <CamionForm mode="create" record={undefined} onReload={async () => undefined} />;
    if (query.isError)
      return (
        <PantallaNoDisponible titulo={T.singular} id={camionId}>
          {serverMessageOr(query.error, T.notFound)}
        </PantallaNoDisponible>
      );
    if (!query.data)
      return (
        <div role="status" className="text-center py-5">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {T.loadingRecord}
        </div>
      );
    return (
      <CamionForm
        key={query.data._id}
        mode="edit"
        record={query.data}
        onReload={async () => (await query.refetch()).data}
      />
    );
  })();
  return <ResourcePage className="flota-page">{body}</ResourcePage>;
};
