import { ApiError, defaultMessageForStatus, NETWORK_ERROR_MESSAGE } from './api-client.js';
import { appEvents } from './app-events.js';

export type CsvFile = { blob: Blob; fileName: string };

export type CsvQuery = Record<string, string | number | boolean | undefined>;

const isoDate = (date: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** e.g. proveedores-alquileres-2026-11-23.csv (local date: what the user sees on their calendar). */
export const csvFileName = (parts: readonly string[], now: Date): string =>
  `${[...parts, isoDate(now)].join('-')}.csv`;

const fileNameFromDisposition = (header: string | null): string | undefined => {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
};

const errorOf = async (response: Response): Promise<ApiError> => {
  const body: unknown = await response.json().catch(() => undefined);
  const message = (body as { message?: unknown } | undefined)?.message;
  return new ApiError(
    response.status,
    typeof message === 'string' && message.trim() !== ''
      ? message
      : defaultMessageForStatus(response.status),
    { body },
  );
};

/**
 * GET a CSV export (UTF-8 with BOM) with the list's filters. The JSON API client cannot carry a
 * file, so this one call uses fetch with the bearer token. The server's file name wins.
 */
export const fetchCsv = async (options: {
  path: string;
  query: CsvQuery;
  fallbackFileName: string;
  getAccessToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
  /** What the file is (default CSV; the same call downloads a document's PDF). */
  accept?: string;
}): Promise<CsvFile> => {
  const {
    path,
    query,
    fallbackFileName,
    getAccessToken,
    fetchImpl = globalThis.fetch,
    accept = 'text/csv',
  } = options;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.append(key, String(value));
  }
  appEvents.emit('user-activity', { source: 'api-request' });
  const token = await getAccessToken().catch(() => undefined);
  let response: Response;
  try {
    response = await fetchImpl(`${path}?${search.toString()}`, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause });
  }
  if (!response.ok) throw await errorOf(response);
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackFileName;
  return { blob: await response.blob(), fileName };
};

const REVOKE_DELAY_MS = 40_000;

/** Hands a blob to the browser as a download. */
export const saveBlob = ({ blob, fileName }: CsvFile): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: browsers may still be reading the blob after click() returns
  // (FileSaver.js waits 40 s for the same reason).
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
};
