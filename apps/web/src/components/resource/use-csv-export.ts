import { useState } from 'react';
import { serverMessageOr } from '../../lib/api-error-message.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { saveBlob, type CsvFile } from '../../lib/csv-export.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

/**
 * The export button's state: fetches the module's CSV for the given filters with the user's
 * token, hands it to the browser, and keeps the server's message if it fails.
 */
export const useCsvExport = <P>(
  fetchFile: (params: P, getAccessToken: () => Promise<string>) => Promise<CsvFile>,
) => {
  const { getAccessToken } = useAuthContext();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = async (params: P) => {
    setExporting(true);
    setError(undefined);
    try {
      saveBlob(await fetchFile(params, getAccessToken));
    } catch (cause) {
      setError(serverMessageOr(cause, T.exportFailed));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, dismissError: () => setError(undefined), run };
};
