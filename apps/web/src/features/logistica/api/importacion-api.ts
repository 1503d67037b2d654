import { useQuery } from '@tanstack/react-query';
import {
  IMPORTACION_ERRORES_POR_PAGINA,
  lineaProgresoImportacionSchema,
  type DestinoImportacion,
  type EstadoFilaImportacion,
  type FilaImportacion,
  type Importacion,
  type LineaProgresoImportacion,
  type Paginated,
  type PlantillaMapeo,
} from '@tvsistema/domain';
import {
  ApiError,
  defaultMessageForStatus,
  NETWORK_ERROR_MESSAGE,
} from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { appEvents } from '../../../lib/app-events.js';
import { fetchCsv, type CsvFile } from '../../../lib/csv-export.js';
import { ALBARANES_API, TRANSPORTE_API } from './logistica-api.js';

// logistica.md §6: the import endpoints of each destino. The upload (XMLHttpRequest, for its
// progress) is lib/upload-file.ts; `validar` and `confirmar` answer NDJSON, read here line by line.

export const importacionesApi = (destino: DestinoImportacion): string =>
  `${destino === 'transporte' ? TRANSPORTE_API : ALBARANES_API}/importaciones`;

export const importacionKeys = {
  recientes: (destino: DestinoImportacion) => ['albaranes', 'importaciones', destino] as const,
  filas: (id: string, estado: string, page: number, version: number) =>
    ['albaranes', 'importaciones', id, 'filas', estado, page, version] as const,
};

/** Answers that are `{ data }` (the module's convention) or the bare payload. */
export const sinSobre = <T>(body: unknown): T =>
  (typeof body === 'object' && body !== null && 'data' in body
    ? (body as { data: T }).data
    : body) as T;

/** "Importaciones recientes": the last 10 of the destino. */
export const useImportacionesRecientes = (destino: DestinoImportacion) => {
  const api = useApiClient();
  return useQuery({
    queryKey: importacionKeys.recientes(destino),
    queryFn: async ({ signal }) =>
      sinSobre<Importacion[]>(await api.get<unknown>(importacionesApi(destino), { signal })),
    staleTime: 0,
  });
};

/** One page of the rows `validar` saved, all or of one estado (§5 "Vista previa", "Errores"). */
export const useFilasImportacion = (
  destino: DestinoImportacion,
  id: string,
  estado: EstadoFilaImportacion | undefined,
  page: number,
  version: number,
  enabled: boolean,
) => {
  const api = useApiClient();
  return useQuery({
    queryKey: importacionKeys.filas(id, estado ?? 'todas', page, version),
    queryFn: ({ signal }) =>
      api.get<Paginated<FilaImportacion>>(
        `${importacionesApi(destino)}/${encodeURIComponent(id)}/filas`,
        {
          query: { estado, page, limit: IMPORTACION_ERRORES_POR_PAGINA },
          signal,
        },
      ),
    enabled,
  });
};

export const guardarPlantillaMapeo = async (
  api: ReturnType<typeof useApiClient>,
  destino: DestinoImportacion,
  body: { nombre: string; mapeo: Record<string, string>; opciones: unknown },
): Promise<PlantillaMapeo> =>
  sinSobre<PlantillaMapeo>(await api.post<unknown>(`${importacionesApi(destino)}/mapeos`, body));

/** A CSV of the import (plantilla, errores, informe) with the user's token. */
export const fetchCsvImportacion =
  (path: string, fallbackFileName: string) =>
  (getAccessToken: () => Promise<string>): Promise<CsvFile> =>
    fetchCsv({ path, query: {}, fallbackFileName, getAccessToken });

/** §6: SPEC 7's 10 s timeout applies to the gap between two NDJSON lines. */
export const NDJSON_GAP_MS = 10_000;

const conPlazo = <T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ApiError ? error : new ApiError(0, NETWORK_ERROR_MESSAGE));
      },
    );
  });

/**
 * POSTs `body` as JSON and reads the `application/x-ndjson` answer with a stream reader, calling
 * `onLinea` for each line (validated against the contract). Resolves with the last line; a status
 * other than 2xx (a 409 before streaming) rejects with an ApiError carrying the JSON body, a
 * stalled or broken stream with the connection message.
 */
export const postNdjson = async (options: {
  url: string;
  body: unknown;
  getAccessToken: () => Promise<string>;
  onLinea: (linea: LineaProgresoImportacion) => void;
  signal?: AbortSignal;
  gapMs?: number;
}): Promise<LineaProgresoImportacion | undefined> => {
  const { url, body, getAccessToken, onLinea, signal, gapMs = NDJSON_GAP_MS } = options;
  appEvents.emit('user-activity', { source: 'api-request' });
  const token = await getAccessToken().catch(() => undefined);
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  try {
    const response = await conPlazo(
      globalThis.fetch(url, {
        method: 'POST',
        headers: {
          Accept: 'application/x-ndjson, application/json',
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      }),
      gapMs,
      () => controller.abort(),
    );
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => undefined);
      const message = (payload as { message?: unknown } | undefined)?.message;
      throw new ApiError(
        response.status,
        typeof message === 'string' && message.trim() !== ''
          ? message
          : defaultMessageForStatus(response.status),
        { body: payload },
      );
    }
    if (!response.body) throw new ApiError(response.status, NETWORK_ERROR_MESSAGE);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pendiente = '';
    let ultima: LineaProgresoImportacion | undefined;
    const procesar = (texto: string) => {
      const limpio = texto.trim();
      if (!limpio) return;
      ultima = lineaProgresoImportacionSchema.parse(JSON.parse(limpio));
      onLinea(ultima);
    };
    for (;;) {
      const { done, value } = await conPlazo(reader.read(), gapMs, () => {
        void reader.cancel().catch(() => undefined);
      });
      if (done) break;
      pendiente += decoder.decode(value, { stream: true });
      const lineas = pendiente.split('\n');
      pendiente = lineas.pop() ?? '';
      for (const linea of lineas) procesar(linea);
    }
    procesar(pendiente + decoder.decode());
    return ultima;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
};
