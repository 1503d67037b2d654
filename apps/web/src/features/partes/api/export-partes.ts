import { useCallback } from 'react';
import type { Empresa } from '@tvsistema/domain';
import {
  ApiError,
  defaultMessageForStatus,
  NETWORK_ERROR_MESSAGE,
} from '../../../lib/api-client.js';
import { appEvents } from '../../../lib/app-events.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import type { ParteListParams } from './get-partes.js';

export type ParteExportParams = Omit<ParteListParams, 'page' | 'limit'>;

export type ParteExportFile = { blob: Blob; fileName: string };

const isoDate = (date: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** e.g. proveedores-alquileres-2026-11-23.csv (local date: what the user sees on their calendar). */
export const exportFileName = (resource: string, empresa: Empresa, now: Date): string =>
  `${resource}-${empresa}-${isoDate(now)}.csv`;

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
 * GET /api/{resource}/export with the list's filters: the CSV (UTF-8 with BOM) of every page.
 * The JSON API client cannot carry a file, so this one call uses fetch with the bearer token.
 */
export const exportPartes = async (options: {
  resource: string;
  params: ParteExportParams;
  getAccessToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
  now?: Date;
}): Promise<ParteExportFile> => {
  const {
    resource,
    params,
    getAccessToken,
    fetchImpl = globalThis.fetch,
    now = new Date(),
  } = options;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.append(key, String(value));
  }
  appEvents.emit('user-activity', { source: 'api-request' });
  const token = await getAccessToken().catch(() => undefined);
  let response: Response;
  try {
    response = await fetchImpl(`/api/${resource}/export?${query.toString()}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause });
  }
  if (!response.ok) throw await errorOf(response);
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    exportFileName(resource, params.empresa, now);
  return { blob: await response.blob(), fileName };
};

const REVOKE_DELAY_MS = 40_000;

/** Hands a blob to the browser as a download. */
export const saveBlob = ({ blob, fileName }: ParteExportFile): void => {
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

export const useExportPartes = (resource: string) => {
  const { getAccessToken } = useAuthContext();
  return useCallback(
    async (params: ParteExportParams) =>
      saveBlob(await exportPartes({ resource, params, getAccessToken })),
    [getAccessToken, resource],
  );
};
