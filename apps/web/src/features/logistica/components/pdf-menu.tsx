import { Dropdown, Spinner } from 'react-bootstrap';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { fetchPdf } from '../api/logistica-api.js';

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
