import { useParams } from 'react-router';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAndamio } from '../api/andamios-api.js';
import { isRecordId } from '../andamio-paths.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import type { AndamioFormMode } from '../utils/andamio-form.js';
import { AndamioForm } from './andamio-form.js';
import '../andamios.css';

/** A failed read: 404 says "Componente no encontrado", anything else the server's message. */
export const loadErrorText = (error: unknown): string =>
  isApiError(error) && error.status === 404 ? T.notFound : serverMessageOr(error, T.loadFailed);

/** /andamios/nuevo and /andamios/:andamioId/editar (andamios.edit). */
export const AndamioFormPage = ({ mode }: { mode: AndamioFormMode }) => {
  const { andamioId } = useParams();
  const id = mode === 'edit' ? andamioId?.trim() : undefined;
  const validId = isRecordId(id);
  const query = useAndamio(validId ? id : undefined);
  const body = (() => {
    if (mode === 'edit' && !validId)
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {T.invalidId}
        </PantallaNoDisponible>
      );
    if (mode === 'edit' && query.isPending) return <LoadingStatus message={T.loading} />;
    if (mode === 'edit' && query.isError) {
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {loadErrorText(query.error)}
        </PantallaNoDisponible>
      );
    }
    return (
      <AndamioForm
        key={query.data?._id ?? 'nuevo'}
        mode={mode}
        record={mode === 'edit' ? query.data : undefined}
        onReload={async () => (await query.refetch()).data}
      />
    );
  })();
  return <ResourcePage className="andamios-page">{body}</ResourcePage>;
};
