import type { Empresa } from '@tvsistema/domain';
import { csvFileName, fetchCsv, type CsvFile } from '../../../lib/csv-export.js';
import type { ParteListParams } from './get-partes.js';

export type ParteExportParams = Omit<ParteListParams, 'page' | 'limit'>;

/** e.g. proveedores-alquileres-2026-11-23.csv (local date: what the user sees on their calendar). */
export const exportFileName = (resource: string, empresa: Empresa, now: Date): string =>
  csvFileName([resource.replaceAll('/', '-'), empresa], now);

/** GET /api/{resource}/export with the list's filters: the CSV of every page. */
export const exportPartes = (options: {
  resource: string;
  params: ParteExportParams;
  getAccessToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
  now?: Date;
}): Promise<CsvFile> => {
  const { resource, params, getAccessToken, fetchImpl, now = new Date() } = options;
  return fetchCsv({
    path: `/api/${resource}/export`,
    query: params,
    fallbackFileName: exportFileName(resource, params.empresa, now),
    getAccessToken,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
};
