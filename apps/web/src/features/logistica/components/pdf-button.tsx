import type { ReactNode } from 'react';
import { Button, Dropdown, Spinner } from 'react-bootstrap';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import type { CsvFile } from '../../../lib/csv-export.js';
import { fetchPdf } from '../api/logistica-api.js';

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

/**
 * logistica.md §5: "Descargar PDF" with the menu "Con precios" / "Sin precios" (the `precios`
 * query of the PDF route), fetched with the user's token.
 */
export const PdfMenu = ({
  url,
  fileName,
  id,
}: {
  url: string;
  fileName: string;
  /** The menu's toggle id (unique on the page). */
  id: string;
}) => {
  const download = useCsvExport((precios: boolean, getAccessToken) =>
    fetchPdf(url, fileName, { precios: String(precios) })(getAccessToken),
  );
  return (
    <>
      {download.error && (
        <span role="alert" className="text-danger small align-self-center">
          {download.error}
        </span>
      )}
      <Dropdown>
        <Dropdown.Toggle id={id} variant="outline-secondary" disabled={download.exporting}>
          {download.exporting ? (
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" />
          ) : null}{' '}
          Descargar PDF
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" onClick={() => void download.run(true)}>
            Con precios
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => void download.run(false)}>
            Sin precios
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </>
  );
};
