import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FaFilePdf } from 'react-icons/fa';
import { useCsvExport } from './use-csv-export.js';
import type { CsvFile } from '../../lib/csv-export.js';

/** A PDF fetched with the user's token and handed to the browser (as partes' "Ficha"): every module's "PDF" button, or a list row's icon (`compact`). */
export const PdfButton = ({
  fetchFile,
  children,
  busyLabel = 'Generando…',
  compact,
}: {
  fetchFile: (getAccessToken: () => Promise<string>) => Promise<CsvFile>;
  children: ReactNode;
  busyLabel?: string;
  /** A list row's icon button: small, its text as the accessible name and the tooltip. */
  compact?: boolean;
}) => {
  const download = useCsvExport((_params: undefined, getAccessToken) => fetchFile(getAccessToken));
  return (
    <>
      {download.error && (
        <span role="alert" className="text-danger small align-self-center">
          {download.error}
        </span>
      )}
      {compact ? (
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={typeof children === 'string' ? children : undefined}
          title={typeof children === 'string' ? children : undefined}
          onClick={() => void download.run(undefined)}
          disabled={download.exporting}
        >
          {download.exporting ? (
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" />
          ) : (
            <FaFilePdf aria-hidden="true" />
          )}
        </Button>
      ) : (
        <Button
          variant="outline-secondary"
          onClick={() => void download.run(undefined)}
          disabled={download.exporting}
        >
          {download.exporting ? (
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
          ) : (
            <FaFilePdf aria-hidden="true" className="me-1" />
          )}
          {download.exporting ? busyLabel : children}
        </Button>
      )}
    </>
  );
};
