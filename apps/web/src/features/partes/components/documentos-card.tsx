import { useId, useState } from 'react';
import { Alert, Button, ProgressBar } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFechaHora, formatNumero, type Archivo } from '@tvsistema/domain';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { DetailSection, NoData } from '../../../components/resource/detail-modal.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';
import { uploadFile } from '../../../lib/upload-file.js';

/** "820 B", "12,4 KB", "3,1 MB" (es-ES). */
export const tamanoLegible = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${formatNumero(bytes / 1024, 1)} KB`
      : `${formatNumero(bytes / (1024 * 1024), 1)} MB`;

/** A supplier's documents (SPEC 3 `archivos`, issue 11): list, download, upload, delete. */
export const DocumentosCard = ({
  proveedorId,
  canEdit,
}: {
  proveedorId: string;
  canEdit: boolean;
}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { getAccessToken } = useAuthContext();
  const inputId = useId();
  const base = `/api/proveedores/${encodeURIComponent(proveedorId)}/archivos`;
  const key = ['proveedores', 'archivos', proveedorId];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ data: Archivo[] }>(base)).data,
  });
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const upload = async (file: File) => {
    setError(undefined);
    setProgress(0);
    try {
      await uploadFile({
        url: base,
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: setProgress,
      });
      await refresh();
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo subir el documento.'));
    } finally {
      setProgress(undefined);
    }
  };

  const download = async (archivo: Archivo) => {
    setError(undefined);
    try {
      saveBlob(
        await fetchCsv({
          path: `${base}/${archivo._id}`,
          query: {},
          accept: '*/*',
          fallbackFileName: archivo.nombre,
          getAccessToken,
        }),
      );
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo descargar el documento.'));
    }
  };

  const remove = async (archivo: Archivo) => {
    setError(undefined);
    setConfirming(undefined);
    try {
      await api.delete(`${base}/${archivo._id}`);
      await refresh();
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo eliminar el documento.'));
    }
  };

  return (
    <DetailSection title="Documentos">
      {error && (
        <Alert
          variant="danger"
          className="py-2"
          dismissible
          closeLabel="Cerrar"
          onClose={() => setError(undefined)}
        >
          {error}
        </Alert>
      )}
      {query.isPending ? (
        <p className="text-body-secondary mb-2">Cargando documentos…</p>
      ) : query.isError ? (
        <p className="text-danger mb-2">
          {serverMessageOr(query.error, 'No se pudieron cargar los documentos.')}
        </p>
      ) : query.data.length === 0 ? (
        <NoData />
      ) : (
        <ul className="list-unstyled mb-2" aria-label="Documentos del proveedor">
          {query.data.map((archivo) => (
            <li key={archivo._id} className="d-flex flex-wrap align-items-center gap-2 py-1">
              <Button
                variant="link"
                className="p-0 text-break text-start"
                onClick={() => void download(archivo)}
              >
                {archivo.nombre}
              </Button>
              <span className="text-body-secondary small">
                {tamanoLegible(archivo.tamano)} · {formatFechaHora(archivo.subidoEn)}
              </span>
              {canEdit &&
                (confirming === archivo._id ? (
                  <span className="d-inline-flex gap-1 ms-auto">
                    <Button size="sm" variant="danger" onClick={() => void remove(archivo)}>
                      Sí, eliminar
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => setConfirming(undefined)}
                    >
                      Cancelar
                    </Button>
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    className="ms-auto"
                    aria-label={`Eliminar ${archivo.nombre}`}
                    onClick={() => setConfirming(archivo._id)}
                  >
                    Eliminar
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <SelectorArchivo
          id={inputId}
          label="Subir documento (PDF, imagen, Office o CSV; 25 MB como máximo)"
          labelClassName="small mb-1"
          size="sm"
          disabled={progress !== undefined}
          vaciar
          onChange={(files) => {
            if (files[0]) void upload(files[0]);
          }}
        />
      )}
      {progress !== undefined && (
        // A child bar: a lone one's aria-label goes on its wrapper, not on role="progressbar".
        <ProgressBar className="mt-2">
          <ProgressBar now={progress} label={`${progress} %`} aria-label="Progreso de la subida" />
        </ProgressBar>
      )}
    </DetailSection>
  );
};
