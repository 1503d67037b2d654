import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import type { CsvFile } from '../../../lib/csv-export.js';

/** A PDF fetched with the user's token and handed to the browser. */
export const PdfButton = ({
  fetchFile,
  children,
  size,
  label,
}: {
  fetchFile: (getAccessToken: () => Promise<string>) => Promise<CsvFile>;
  children: ReactNode;
  size?: 'sm';
  label?: string;
}) => {
  const download = useCsvExport((_params: undefined, getAccessToken) => fetchFile(getAccessToken));
  return (
    <>
      {download.error && (
        <span role="alert" className="text-danger small align-self-center">
          {download.error}
        </span>
      )}
      <Button
        variant="outline-secondary"
        {...(size ? { size } : {})}
        {...(label ? { 'aria-label': label, title: label } : {})}
        onClick={() => void download.run(undefined)}
        disabled={download.exporting}
      >
        {download.exporting ? (
          <Spinner as="span" size="sm" animation="border" aria-hidden="true" />
        ) : (
          children
        )}
      </Button>
    </>
  );
};
