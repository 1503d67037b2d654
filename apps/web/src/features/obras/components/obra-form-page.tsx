import { useEffect, useMemo, useState } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { FaArrowLeft } from 'react-icons/fa';
import { can, VERSION_MESSAGES, type Obra } from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import {
  ResourceFormFrame,
  useSaveStatus,
} from '../../../components/resource/resource-form-frame.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useHeadingTitle } from '../../../lib/page-title.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { applyServerErrors } from '../../../lib/server-errors.js';
import { findDefaultDireccion, isEmptyDireccion } from '../../localizacion/index.js';
import { obraUrl } from '../api/obra-keys.js';
import { useObra, useSaveObra } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import '../obras.css';
import {
  emptyObraValues,
  OBRA_FIELDS,
  obraFormResolver,
  obraPayload,
  obraToFormValues,
  type ObraFormValues,
} from '../utils/obra-form-values.js';
import { EquipoTab } from './equipo-tab.js';
import { EstadoAcciones } from './estado-acciones.js';
import { AlertaBadges, Avance, EstadoObraBadge } from './obra-badges.js';
import { HISTORIAL_LABELS } from './obra-comun.js';
import { FichaButton } from './obra-detail-modal.js';
import { ObraInputs } from './obra-inputs.js';
import { PartesTabla } from './partes-tabla.js';
import { SeguridadTab } from './seguridad-tab.js';

const TABS = ['datos', 'equipo', 'partes', 'seguridad', 'historial'] as const;
type TabKey = (typeof TABS)[number];

const ObraForm = ({
  record,
  onReload,
}: {
  record: Obra | undefined;
  onReload: () => Promise<unknown>;
}) => {
  const edit = Boolean(record);
  const api = useApiClient();
  const { roles, user } = useAuthContext();
  const creador = user?.name ?? '';
  const defaultValues = useMemo(
    () => (record ? obraToFormValues(record) : emptyObraValues(undefined, creador)),
    [record, creador],
  );
  const resolver = useMemo(() => obraFormResolver(edit), [edit]);
  const form = useForm<ObraFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const [target, setTarget] = useState(paths.obras.list.getHref());
  const status = useSaveStatus({ listHref: target, flash: edit ? T.updated : T.created });
  const save = useSaveObra(record?._id);

  // SPEC 4.6: a new work starts in Palma, as a new party does.
  useEffect(() => {
    if (edit) return undefined;
    const controller = new AbortController();
    void findDefaultDireccion(api, controller.signal).then((direccion) => {
      if (!direccion || !isEmptyDireccion(form.getValues('direccion'))) return;
      form.setValue('direccion', direccion);
      // Checked again when the form was already sent: its address errors were about the empty one.
      if (form.formState.isSubmitted)
        void form.trigger(['direccion.ciudadId', 'direccion.calleId']);
    });
    return () => controller.abort();
  }, [api, edit, form]);

  const onSubmit = async (values: ObraFormValues) => {
    status.clear();
    try {
      const saved = await save.mutateAsync(
        record
          ? { ...obraPayload(values, true), version: record.version }
          : obraPayload(values, false),
      );
      // §5.6: a new work goes on to its team; an edit stays on its page.
      setTarget(
        record
          ? `${paths.obras.edit.getHref({ id: saved._id })}?tab=datos`
          : `${paths.obras.edit.getHref({ id: saved._id })}?tab=equipo`,
      );
      status.succeed();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === VERSION_MESSAGES.stale) {
        status.fail(error.message, undefined, { label: T.reload, onClick: () => void onReload() });
        return;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        const unmapped = applyServerErrors(error.errors, OBRA_FIELDS, form.setError);
        status.fail(serverMessageOr(error, T.invalidData), unmapped);
        return;
      }
      status.fail(serverMessageOr(error, edit ? T.updateFailed : T.createFailed));
    }
  };

  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title={record ? T.editTitle(record.codigo) : T.newTitle}
      listHref={paths.obras.list.getHref()}
      readOnly={false}
      saving={save.isPending}
      submitLabel={edit ? T.saveButton : T.createButton}
      onSubmit={onSubmit}
    >
      <ObraInputs
        cliente={record ? { _id: record.cliente._id, nombre: record.cliente.nombre } : null}
        canCreate={can(roles, 'obras.edit')}
        iniciada={Boolean(record?.fechaInicioReal)}
        enMarcha={record?.estado === 'en_curso' || record?.estado === 'pausada'}
      />
    </ResourceFormFrame>
  );
};

const ObraEdit = ({ obra, onReload }: { obra: Obra; onReload: () => Promise<unknown> }) => {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t === params.get('tab')) ?? 'datos';
  const [flash, dismissFlash] = useFlash();
  // The document title is the h1 with its code (issue 14).
  useHeadingTitle(T.editTitle(obra.codigo));
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={paths.obras.list.getHref()} className="btn btn-outline-secondary">
          <FaArrowLeft aria-hidden="true" className="me-1" />
          Volver
        </Link>
        <h1 className="h3 mb-0">{T.editTitle(obra.codigo)}</h1>
      </div>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <EstadoObraBadge estado={obra.estado} />
        <Avance progreso={obra.progreso} />
        <AlertaBadges alertas={obra.alertas} />
        <div className="ms-auto d-flex flex-wrap gap-2">
          <EstadoAcciones obra={obra} />
          <FichaButton obra={obra} />
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onSelect={(key) => setParams({ tab: key ?? 'datos' }, { replace: true })}
        className="mb-3"
        mountOnEnter
        unmountOnExit
      >
        <Tab eventKey="datos" title={T.tabsEdit.datos}>
          {/* The page header above is the form's: obras.css hides the frame's own. */}
          <div className="obra-datos">
            <ObraForm key={obra.version} record={obra} onReload={onReload} />
          </div>
        </Tab>
        <Tab eventKey="equipo" title={T.tabsEdit.equipo}>
          <EquipoTab obra={obra} />
        </Tab>
        <Tab eventKey="partes" title={T.tabsEdit.partes}>
          <PartesTabla obra={obra} editable />
        </Tab>
        <Tab eventKey="seguridad" title={T.tabsEdit.seguridad}>
          <SeguridadTab obra={obra} />
        </Tab>
        <Tab eventKey="historial" title={T.tabsEdit.historial}>
          <HistorialTab url={obraUrl(obra._id, 'historial')} labels={HISTORIAL_LABELS} />
        </Tab>
      </Tabs>
    </>
  );
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /obras/crear and /obras/{id}/editar (flota-obras.md §5.6). */
export const ObraFormPage = ({ mode }: { mode: 'create' | 'edit' }) => {
  const { id } = useParams();
  const valid = mode === 'edit' && Boolean(id && UUID.test(id));
  const query = useObra(valid ? id : undefined);
  const body = (() => {
    if (mode === 'create') return <ObraForm record={undefined} onReload={async () => undefined} />;
    if (!valid || query.isError)
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {T.notFound}
        </PantallaNoDisponible>
      );
    if (!query.data) return <p role="status">{T.loadingObra}</p>;
    return <ObraEdit obra={query.data} onReload={() => query.refetch()} />;
  })();
  return <ResourcePage className="obras-page">{body}</ResourcePage>;
};
