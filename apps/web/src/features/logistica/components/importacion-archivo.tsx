import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, ProgressBar, Table } from 'react-bootstrap';
import { FaFileDownload, FaFileUpload } from 'react-icons/fa';
import {
  ESTADO_IMPORTACION_LABELS,
  IMPORTACION_MAX_BYTES,
  IMPORTACION_MESSAGES as M,
  type DestinoImportacion,
  type ImportacionSubida,
} from '@tvsistema/domain';
import { formatFechaHora, formatNumero } from '@tvsistema/domain/format';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { saveBlob } from '../../../lib/csv-export.js';
import { uploadFile } from '../../../lib/upload-file.js';
import {
  fetchCsvImportacion,
  importacionesApi,
  sinSobre,
  useImportacionesRecientes,
} from '../api/importacion-api.js';
import { T } from '../logistica-texts.js';
import { logisticaHrefs } from '../logistica-paths.js';

const I = T.importar;
const ADMITIDOS = /\.(csv|xlsx)$/i;

/** The last 10 imports of the destino (§5 step 1). */
const Recientes = ({ destino }: { destino: DestinoImportacion }) => {
  const recientes = useImportacionesRecientes(destino);
  const filas = recientes.data ?? [];
  return (
    <Card className="mt-4">
      <Card.Header as="h2" className="h5">
        {M.recientes}
      </Card.Header>
      <Card.Body>
        {recientes.isPending ? (
          <p className="mb-0">{I.cargandoFilas}</p>
        ) : recientes.isError ? (
          <Alert variant="danger" className="mb-0">
            {serverMessageOr(recientes.error, I.noCargadas)}
          </Alert>
        ) : filas.length === 0 ? (
          <p className="mb-0 text-body-secondary">{I.recientesVacio}</p>
        ) : (
          // A phone scrolls the table sideways: a named region the keyboard can reach and scroll
          // (axe scrollable-region-focusable), as obras' tables.
          <div className="table-responsive" tabIndex={0} role="region" aria-label={M.recientes}>
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  <th scope="col">{I.fecha}</th>
                  <th scope="col">{I.archivo}</th>
                  <th scope="col" className="text-end">
                    {I.filas}
                  </th>
                  <th scope="col">{I.estado}</th>
                  <th scope="col">{I.resultado}</th>
                </tr>
              </thead>
              <tbody>
                {filas.slice(0, 10).map((r) => (
                  <tr key={r._id}>
                    <td className="text-nowrap">{formatFechaHora(r.createdAt)}</td>
                    <td className="text-break">{r.archivo.nombre}</td>
                    <td className="text-end">{formatNumero(r.totalFilas)}</td>
                    <td>{ESTADO_IMPORTACION_LABELS[r.estado]}</td>
                    <td>
                      {r.estado === 'importada' && r.resultado ? (
                        <Link to={logisticaHrefs.importados(r._id)}>
                          {I.creados(r.resultado.creados)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
};

/** Step 1: the file, dropped or chosen (keyboard: the zone's file input), and its upload. */
export const PasoArchivo = ({
  destino,
  onSubida,
}: {
  destino: DestinoImportacion;
  onSubida: (subida: ImportacionSubida) => void;
}) => {
  const { getAccessToken } = useAuthContext();
  const base = importacionesApi(destino);
  const input = useRef<HTMLInputElement>(null);
  const [progreso, setProgreso] = useState<number | undefined>();
  const [encima, setEncima] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const subir = async (file: File | undefined) => {
    if (!file || progreso !== undefined) return;
    setError(undefined);
    if (!ADMITIDOS.test(file.name)) {
      setError(M.formatoNoAdmitido);
      return;
    }
    if (file.size > IMPORTACION_MAX_BYTES) {
      setError(M.demasiadoGrande);
      return;
    }
    setProgreso(0);
    try {
      const body = await uploadFile<unknown>({
        url: base,
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: setProgreso,
      });
      setProgreso(undefined);
      onSubida(sinSobre<ImportacionSubida>(body));
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(
        status === 413
          ? serverMessageOr(err, M.demasiadoGrande)
          : status === 415
            ? serverMessageOr(err, M.formatoNoAdmitido)
            : serverMessageOr(err, I.noSubido),
      );
      setProgreso(undefined);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const soltar = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setEncima(false);
    void subir(e.dataTransfer.files[0]);
  };

  const plantilla = async () => {
    setError(undefined);
    try {
      saveBlob(
        await fetchCsvImportacion(
          `${base}/plantilla.csv`,
          `plantilla-${destino === 'transporte' ? 'transportes' : 'alquileres'}.csv`,
        )(getAccessToken),
      );
    } catch (err) {
      setError(serverMessageOr(err, I.noSubido));
    }
  };

  return (
    <>
      {error && (
        <Alert variant="danger" onClose={() => setError(undefined)} dismissible closeLabel="Cerrar">
          {error}
        </Alert>
      )}
      <label
        htmlFor="importacion-archivo"
        className={`importacion-zona d-block text-center p-4 p-md-5 mb-2${encima ? ' importacion-zona-encima' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setEncima(true);
        }}
        onDragLeave={() => setEncima(false)}
        onDrop={soltar}
      >
        <FaFileUpload aria-hidden="true" className="fs-1 mb-2 d-block mx-auto" />
        <span className="d-block fw-semibold">{M.soltar}</span>
        <span className="d-block small text-body-secondary mt-1">{M.limites}</span>
        <input
          ref={input}
          id="importacion-archivo"
          type="file"
          className="visually-hidden"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={progreso !== undefined}
          onChange={(e) => void subir(e.target.files?.[0])}
        />
      </label>
      {progreso !== undefined && (
        <div className="my-3">
          <p className="mb-1" role="status">
            {M.subiendo(progreso)}
          </p>
          <ProgressBar now={progreso} aria-label={M.subiendo(progreso)} />
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button variant="outline-secondary" onClick={() => void plantilla()}>
          <FaFileDownload aria-hidden="true" className="me-1" />
          {M.descargarPlantilla}
        </Button>
      </div>
      <Recientes destino={destino} />
    </>
  );
};
