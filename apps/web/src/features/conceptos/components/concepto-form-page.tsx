import { useParams, useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useConcepto } from '../api/conceptos-api.js';
import { isRecordId } from '../concepto-paths.js';
import { CONCEPTO_TEXTS as T } from '../concepto-texts.js';
import type { ConceptoFormMode } from '../utils/concepto-form.js';
import { ConceptoForm } from './concepto-form.js';
import '../conceptos.css';

/** A failed read: 404 says "Plantilla no encontrada", anything else the server's message. */
export const loadErrorText = (error: unknown): string =>
  isApiError(error) && error.status === 404 ? T.notFound : serverMessageOr(error, T.loadFailed);

/** /conceptos/nueva (?desde={id} duplicates) and /conceptos/:templateId/editar. */
export const ConceptoFormPage = ({ mode }: { mode: ConceptoFormMode }) => {
  const params = useParams();
  const [search] = useSearchParams();
  const id = mode === 'edit' ? params.templateId?.trim() : search.get('desde')?.trim() || undefined;
  const validId = isRecordId(id);
  const query = useConcepto(validId ? id : undefined);

  const body = (() => {
    if (mode === 'edit' && !validId)
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {T.invalidId}
        </PantallaNoDisponible>
      );
    if (mode === 'create' && id !== undefined && !validId) {
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {T.invalidId}
        </PantallaNoDisponible>
      );
    }
    if (validId && query.isPending) return <LoadingStatus message={T.loading} />;
    if (validId && query.isError) {
      return (
        <PantallaNoDisponible titulo={T.singular} id={id}>
          {loadErrorText(query.error)}
        </PantallaNoDisponible>
      );
    }
    return (
      <ConceptoForm
        key={query.data?._id ?? 'nueva'}
        mode={mode}
        record={mode === 'edit' ? query.data : undefined}
        source={mode === 'create' ? query.data : undefined}
        onReload={async () => (await query.refetch()).data}
      />
    );
  })();

  return <ResourcePage className="conceptos-page">{body}</ResourcePage>;
};
