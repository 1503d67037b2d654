import { Button, Spinner } from 'react-bootstrap';
import { FaFilePdf } from 'react-icons/fa';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import type { ParteConfig } from '../parte-config.js';
import type { ParteRecord } from '../parte-record.js';

const LABELS = { proveedor: 'Ficha de proveedor', cliente: 'Ficha de cliente' } as const;

/** Downloads the party's sheet, `GET /api/{resource}/{id}/pdf` (issue 11). */
export const FichaButton = ({ config, record }: { config: ParteConfig; record: ParteRecord }) => {
  const download = useCsvExport((_params: undefined, getAccessToken) =>
    fetchCsv({
      path: `/api/${config.resource}/${encodeURIComponent(record._id)}/pdf`,
      query: {},
      accept: 'application/pdf',
      fallbackFileName: `ficha-${config.tipo}.pdf`,
      getAccessToken,
    }),
  );
  return (
    <>
      {download.error && (
        <span role="alert" className="text-danger small me-auto">
          {download.error}
        </span>
      )}
      <Button
        variant="outline-primary"
        onClick={() => void download.run(undefined)}
        disabled={download.exporting}
      >
        {download.exporting ? (
          <>
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
            Generando…
          </>
        ) : (
          <>
            <FaFilePdf aria-hidden="true" className="me-1" />
            {LABELS[config.tipo]}
          </>
        )}
      </Button>
    </>
  );
};
