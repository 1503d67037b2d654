import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { VERSION_MESSAGES, type Maquina } from '@tvsistema/domain';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useMaquina } from '../api/get-maquina.js';
import { useSaveMaquina } from '../api/save-maquina.js';
import { MAQUINA_TEXTS as T } from '../maquina-texts.js';
import '../maquinaria.css';
import { isMaquinaId } from '../utils/maquina-id.js';
import {
  applyMaquinaErrors,
  buildPayload,
  emptyMaquinaValues,
  MAQUINA_FIELDS,
  maquinaFormResolver,
  recordToFormValues,
  type MaquinaFormMode,
  type MaquinaFormValues,
} from '../utils/maquina-form-values.js';
import { MaquinaInputs } from './maquina-inputs.js';
import { MaquinaInvalida, MaquinaLoadState } from './maquina-load-state.js';

const detailHref = (id: string) => paths.maquinaria.detail.getHref({ maquinariaId: id });

const MaquinaForm = ({
  mode,
  record,
  onReload,
}: {
  mode: MaquinaFormMode;
  record: Maquina | undefined;
  onReload: () => Promise<Maquina | undefined>;
}) => {
  const backHref = record ? detailHref(record._id) : paths.maquinaria.list.getHref();
  const defaultValues = useMemo(
    () => (record ? recordToFormValues(record) : emptyMaquinaValues()),
    [record],
  );
  const resolver = useMemo(() => maquinaFormResolver(mode), [mode]);
  const form = useForm<MaquinaFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  // Where the success goes: the saved machine's detail (§5: "the detail page").
  const [target, setTarget] = useState(backHref);
  const status = useSaveStatus({
    listHref: target,
    flash: mode === 'create' ? T.created : T.updated,
  });
  const save = useSaveMaquina(record?._id);

  const reload = async () => {
    status.clear();
    const fresh = await onReload();
    if (fresh) form.reset(recordToFormValues(fresh));
  };

  const onSubmit = async (values: MaquinaFormValues) => {
    status.clear();
    const payload = buildPayload(values, mode);
    try {
      const saved = await save.mutateAsync(
        mode === 'create' ? payload : { ...payload, version: record?.version },
      );
      setTarget(detailHref(saved._id));
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void reload() });
        return;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        const unmapped = applyMaquinaErrors(error.errors, MAQUINA_FIELDS, form.setError);
        status.fail(serverMessageOr(error, T.invalidData), unmapped);
        return;
      }
      status.fail(serverMessageOr(error, mode === 'create' ? T.createFailed : T.updateFailed));
    }
  };

  const title = mode === 'create' ? T.newTitle : T.editTitle(record?.codigoInterno ?? '');
  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title={title}
      subtitle={record ? `${record.marca} ${record.modelo}` : undefined}
      listHref={backHref}
      readOnly={false}
      saving={save.isPending}
      submitLabel={mode === 'create' ? T.createButton : T.saveButton}
      onSubmit={onSubmit}
    >
      <MaquinaInputs
        mode={mode}
        proveedor={record?.proveedor ?? null}
        {...(record ? { horometro: record.horometro, maquinaId: record._id } : {})}
      />
    </ResourceFormFrame>
  );
};

/** /maquinaria/nueva and /maquinaria/{maquinariaId}/editar (inventario.md §5.2). */
export const MaquinaFormPage = ({ mode }: { mode: MaquinaFormMode }) => {
  const { maquinariaId } = useParams();
  const validId = mode === 'edit' && isMaquinaId(maquinariaId);
  const query = useMaquina(validId ? maquinariaId : undefined);

  const body = (() => {
    if (mode === 'create')
      return <MaquinaForm mode="create" record={undefined} onReload={async () => undefined} />;
    if (!validId) return <MaquinaInvalida />;
    if (!query.data) {
      return <MaquinaLoadState error={query.error} onRetry={() => void query.refetch()} />;
    }
    return (
      <MaquinaForm
        key={query.data._id}
        mode="edit"
        record={query.data}
        onReload={async () => (await query.refetch()).data}
      />
    );
  })();

  return <ResourcePage className="maquinaria-page">{body}</ResourcePage>;
};
