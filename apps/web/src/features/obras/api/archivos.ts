import {
  ApiError,
  defaultMessageForStatus,
  NETWORK_ERROR_MESSAGE,
} from '../../../lib/api-client.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';

// Files of works and daily work reports: a multipart upload with fields before the file (the
// shared uploadFile sends only the file), and downloads of documents and PDFs.

export const subirArchivo = async <T>(options: {
  url: string;
  campos: Record<string, string>;
  file: Blob;
  nombre: string;
  getAccessToken: () => Promise<string>;
  method?: 'POST' | 'PUT';
}): Promise<T> => {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.campos)) form.append(name, value);
  form.append('archivo', options.file, options.nombre);
  const token = await options.getAccessToken().catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: options.method ?? 'POST',
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause });
  }
  const body = (await response.json().catch(() => undefined)) as
    | { message?: string; errors?: string[] }
    | undefined;
  if (!response.ok)
    throw new ApiError(response.status, body?.message ?? defaultMessageForStatus(response.status), {
      body,
      ...(body?.errors ? { errors: body.errors } : {}),
    });
  return body as T;
};

/** Downloads a file the API serves (a document, a PDF) under the server's name. */
export const descargar = async (
  path: string,
  fallbackFileName: string,
  getAccessToken: () => Promise<string>,
  accept = 'application/pdf',
) => saveBlob(await fetchCsv({ path, query: {}, accept, fallbackFileName, getAccessToken }));

const MINIATURA_PX = 480;

/** §4.9: the 480 px JPEG the browser makes, so galleries never load originals. */
export const miniaturaDe = async (file: File): Promise<Blob | undefined> => {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const escala = Math.min(1, MINIATURA_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * escala));
    canvas.height = Math.max(1, Math.round(bitmap.height * escala));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.8),
    );
  } catch {
    return undefined;
  }
};
