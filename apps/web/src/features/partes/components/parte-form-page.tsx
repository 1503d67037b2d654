import { Alert } from 'react-bootstrap';
import { useParams } from 'react-router';
import { can, empresaForSystem } from '@tvsistema/domain';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useSystem } from '../../../lib/system-context.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { useParte } from '../api/get-parte.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { PARTE_UI_TEXTS as T, type ParteConfig } from '../parte-config.js';
import { resolveBasePath } from '../parte-base-path.js';
import '../partes.css';
import type { ParteFormMode } from '../utils/form-rules.js';
import { ParteDetailPage } from './parte-detail-page.js';
import { ParteForm } from './parte-form.js';
import { useRecordTitle } from '../../../lib/page-title.js';

export type ParteFormPageProps = {
  config: ParteConfig;
  mode: ParteFormMode;
  /** Record id for edit/view; defaults to the route parameter named in the config. */
  id?: string;
  /** The list URL; defaults to the current system's. */
  basePath?: string;
};

/** Create, edit or view one supplier or client (SPEC 2.13, 4.6). */
export const ParteFormPage = ({ config, mode, id: idProp, basePath }: ParteFormPageProps) => {
  const params = useParams();
  const id = mode === 'create' ? undefined : (idProp ?? params[config.idParam])?.trim();
  const { currentSystem } = useSystem();
  const { roles } = useAuthContext();
  const base = resolveBasePath(config, currentSystem, basePath);
  const canEdit = can(roles, config.editPermission);
  const query = useParte(config.resource, id);
  useRecordTitle(mode === 'create' ? null : query.data?.nombre);

  const body = (() => {
    if (mode !== 'create' && !id)
      return (
        <PantallaNoDisponible
          titulo={mode === 'edit' ? config.texts.editTitle : config.texts.detailTitle}
          id={params[config.idParam]}
        >
          {config.texts.invalidId}
        </PantallaNoDisponible>
      );
    if (mode !== 'create' && query.isPending) {
      return <LoadingStatus message={config.texts.loading} />;
    }
    if (mode !== 'create' && query.isError) {
      return (
        <PantallaNoDisponible
          titulo={mode === 'edit' ? config.texts.editTitle : config.texts.detailTitle}
          id={id}
        >
          {serverMessageOr(query.error, config.texts.loadFailed)}
        </PantallaNoDisponible>
      );
    }
    // A read-only record is a detail view, not a disabled form (issue 14): selectable text,
    // mailto:/tel: links, its history and documents.
    if (mode === 'view' && query.data) {
      return (
        <ParteDetailPage
          config={config}
          record={query.data}
          listHref={config.paths.list(base)}
          editHref={id && canEdit ? config.paths.edit(base, id) : undefined}
        />
      );
    }
    return (
      <ParteForm
        // A different record is a different form: fresh defaults, no leftover state.
        key={query.data?._id ?? 'new'}
        config={config}
        mode={mode}
        record={mode === 'create' ? undefined : query.data}
        defaultEmpresa={empresaForSystem(currentSystem)}
        listHref={config.paths.list(base)}
        canCreateLocations={canEdit}
        editHref={id && canEdit ? config.paths.edit(base, id) : undefined}
        onReload={async () => (await query.refetch()).data}
      />
    );
  })();

  return (
    <ResourcePage className="partes-page">
      {!currentSystem && mode === 'create' && <Alert variant="warning">{T.noActiveSystem}</Alert>}
      {body}
    </ResourcePage>
  );
};
