import { csvFileName, fetchCsv, type CsvFile } from '../../../lib/csv-export.js';
import { MAQUINARIA_API, type MaquinaListParams } from './maquina-keys.js';

export type MaquinaExportParams = Omit<MaquinaListParams, 'page' | 'limit'>;

/** GET /api/maquinaria/export with the list's filters: `maquinaria-AAAA-MM-DD.csv`. */
export const exportMaquinas = (options: {
  params: MaquinaExportParams;
  getAccessToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
  now?: Date;
}): Promise<CsvFile> =>
  fetchCsv({
    path: `${MAQUINARIA_API}/export`,
    query: { ...options.params },
    fallbackFileName: csvFileName(['maquinaria'], options.now ?? new Date()),
    getAccessToken: options.getAccessToken,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
