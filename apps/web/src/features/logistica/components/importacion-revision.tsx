import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Row,
  Tab,
  Table,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
} from 'react-bootstrap';
import { FaFileCsv } from 'react-icons/fa';
import {
  camposImportacion,
  IMPORTACION_MESSAGES as M,
  type DestinoImportacion,
  type ImportacionSubida,
  type ResumenImportacion,
} from '@tvsistema/domain';
import { formatNumero } from '@tvsistema/domain/format';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { saveBlob } from '../../../lib/csv-export.js';
import {
  fetchCsvImportacion,
  importacionesApi,
  useFilasImportacion,
} from '../api/importacion-api.js';
import { logisticaHrefs } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { BarraProgreso, type EstadoImportar, type Validacion } from './importacion-comun.js';

const I = T.importar;

/** A CSV of the import, downloaded with the user's token; its failure shown beside it. */
const useDescarga = () => {
  const { getAccessToken } = useAuthContext();
  const [error, setError] = useState<string | undefined>();
  const descargar = async (path: string, nombre: string) => {
    setError(undefined);
    try {
      saveBlob(await fetchCsvImportacion(path, nombre)(getAccessToken));
    } catch (err) {
      setError(serverMessageOr(err, 'No se pudo descargar el archivo'));
    }
  };
  return { error, descargar, cerrar: () => setError(undefined) };
};

const Tarjeta = ({
  titulo,
  valor,
  variante,
}: {
  titulo: string;
  valor: number;
  variante: string;
}) => (
  <Col xs={6} lg={3}>
    <Card className={`h-100 border-${variante}`}>
      <Card.Body className="py-2">
        <h2 className="h6 text-body-secondary mb-1">{titulo}</h2>
        <p className="fs-4 fw-semibold mb-0">{formatNumero(valor)}</p>
      </Card.Body>
    </Card>
  </Col>
);

const Paginacion = ({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) =>
  totalPages > 1 ? (
    <nav className="d-flex align-items-center gap-2 mt-2" aria-label={I.errores}>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {I.anterior}
      </Button>
      <span>{I.pagina(page, totalPages)}</span>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {I.siguiente}
      </Button>
    </nav>
  ) : null;

/** "Vista previa": the first 50 rows as `validar` saved them, by mapped field. */
const VistaPrevia = ({
  destino,
  id,
  version,
  mapeo,
}: {
  destino: DestinoImportacion;
  id: string;
  version: number;
  mapeo: Record<string, string>;
}) => {
  const filas = useFilasImportacion(destino, id, undefined, 1, version, true);
  const campos = camposImportacion(destino).filter((c) => mapeo[c.key]);
  if (filas.isPending) return <p>{I.cargandoFilas}</p>;
  if (filas.isError)
    return <Alert variant="danger">{serverMessageOr(filas.error, I.noCargadas)}</Alert>;
  if (filas.data.data.length === 0) return <p>{I.sinFilas}</p>;
  return (
    <Table responsive size="sm" striped className="importacion-tabla">
      <thead>
        <tr>
          <th scope="col">{I.fila}</th>
          {campos.map((c) => (
            <th key={c.key} scope="col" className="text-nowrap">
              {c.cabecera}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {filas.data.data.map((f) => (
          <tr key={f.fila} className={f.estado === 'valida' ? undefined : 'table-warning'}>
            <th scope="row">{f.fila}</th>
            {campos.map((c) => (
              <td key={c.key}>{f.valores[c.key] ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
};

/** "Errores": Fila · Columna · Valor · Error, 50 rows per page. */
const Errores = ({
  destino,
  id,
  version,
  resumen,
}: {
  destino: DestinoImportacion;
  id: string;
  version: number;
  resumen: ResumenImportacion;
}) => {
  // Duplicated rows carry their message too (errores.csv lists them): a switch shows them.
  const [estado, setEstado] = useState<'error' | 'duplicada'>(
    resumen.conErrores === 0 && resumen.duplicadas > 0 ? 'duplicada' : 'error',
  );
  const [page, setPage] = useState(1);
  const filas = useFilasImportacion(destino, id, estado, page, version, true);
  const selector =
    resumen.duplicadas > 0 ? (
      <ToggleButtonGroup
        type="radio"
        name={`importacion-errores-${id}`}
        size="sm"
        className="mb-2"
        value={estado}
        onChange={(v: 'error' | 'duplicada') => {
          setEstado(v);
          setPage(1);
        }}
      >
        <ToggleButton id={`${id}-con-errores`} value="error" variant="outline-secondary">
          {I.conErrores}
        </ToggleButton>
        <ToggleButton id={`${id}-duplicadas`} value="duplicada" variant="outline-secondary">
          {I.duplicadas}
        </ToggleButton>
      </ToggleButtonGroup>
    ) : null;
  if (filas.isPending)
    return (
      <>
        {selector}
        <p>{I.cargandoFilas}</p>
      </>
    );
  if (filas.isError)
    return <Alert variant="danger">{serverMessageOr(filas.error, I.noCargadas)}</Alert>;
  const errores = filas.data.data.flatMap((f) =>
    f.errores.map((e, i) => ({ ...e, fila: e.fila || f.fila, clave: `${f.fila}-${i}` })),
  );
  if (errores.length === 0)
    return (
      <>
        {selector}
        <p>{I.sinErrores}</p>
      </>
    );
  return (
    <>
      {selector}
      <Table responsive size="sm" striped className="importacion-tabla">
        <thead>
          <tr>
            <th scope="col">{I.fila}</th>
            <th scope="col">{I.columnaError}</th>
            <th scope="col">{I.valor}</th>
            <th scope="col">{I.error}</th>
          </tr>
        </thead>
        <tbody>
          {errores.map((e) => (
            <tr key={e.clave}>
              <th scope="row">{e.fila}</th>
              <td>{e.columna ?? '—'}</td>
              <td className="text-break">{e.valor ?? '—'}</td>
              <td>{e.mensaje}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Paginacion page={page} totalPages={filas.data.meta.totalPages} onPage={setPage} />
    </>
  );
};

/** Step 3: the streamed validation, its summary, the rows, and "Importar {n} albaranes". */
export const PasoRevision = ({
  destino,
  subida,
  mapeo,
  validacion,
  conflicto,
  onVolver,
  onRevalidar,
  onImportar,
}: {
  destino: DestinoImportacion;
  subida: ImportacionSubida;
  mapeo: Record<string, string>;
  validacion: Validacion;
  conflicto: string | undefined;
  onVolver: () => void;
  onRevalidar: () => void;
  onImportar: () => void;
}) => {
  const base = `${importacionesApi(destino)}/${encodeURIComponent(subida._id)}`;
  const descarga = useDescarga();
  if (validacion.fase === 'validando')
    return (
      <BarraProgreso
        progreso={validacion.progreso}
        texto={M.validando(
          validacion.progreso?.n ?? 0,
          validacion.progreso?.total ?? subida.totalFilas,
        )}
      />
    );
  if (validacion.fase === 'fallida')
    return (
      <>
        <Alert variant="danger">{validacion.mensaje}</Alert>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={onVolver}>
            {I.volverColumnas}
          </Button>
          <Button onClick={onRevalidar}>{I.reintentar}</Button>
        </div>
      </>
    );
  const { resumen, version } = validacion;
  const sinValidas = resumen.validas === 0 || resumen.albaranes === 0;
  return (
    <>
      {conflicto && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{conflicto}</span>
          {conflicto === M.yaRealizada ? (
            <Link
              to={logisticaHrefs.importados(subida._id)}
              className="btn btn-sm btn-outline-dark"
            >
              {I.verImportados}
            </Link>
          ) : (
            <Button size="sm" variant="outline-dark" onClick={onRevalidar}>
              {I.volverValidar}
            </Button>
          )}
        </Alert>
      )}
      {descarga.error && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={descarga.cerrar}>
          {descarga.error}
        </Alert>
      )}
      <Row className="g-2 mb-3">
        <Tarjeta titulo={I.validas} valor={resumen.validas} variante="success" />
        <Tarjeta titulo={I.conErrores} valor={resumen.conErrores} variante="danger" />
        <Tarjeta titulo={I.duplicadas} valor={resumen.duplicadas} variante="warning" />
        <Tarjeta titulo={I.albaranes} valor={resumen.albaranes} variante="primary" />
      </Row>
      <Tabs defaultActiveKey="vista" className="mb-3" mountOnEnter>
        <Tab eventKey="vista" title={I.vistaPrevia}>
          <VistaPrevia destino={destino} id={subida._id} version={version} mapeo={mapeo} />
        </Tab>
        <Tab eventKey="errores" title={I.errores}>
          <Errores destino={destino} id={subida._id} version={version} resumen={resumen} />
        </Tab>
      </Tabs>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          variant="outline-secondary"
          disabled={resumen.conErrores + resumen.duplicadas === 0}
          onClick={() => void descarga.descargar(`${base}/errores.csv`, 'errores-importacion.csv')}
        >
          <FaFileCsv aria-hidden="true" className="me-1" />
          {I.descargarErrores}
        </Button>
        <Button variant="outline-secondary" onClick={onVolver}>
          {I.volverColumnas}
        </Button>
        <div className="ms-md-auto d-flex flex-wrap align-items-center gap-2">
          {sinValidas && (
            <span id="importar-sin-filas" className="text-body-secondary">
              {M.sinFilasValidas}
            </span>
          )}
          <Button
            variant="primary"
            disabled={sinValidas}
            aria-describedby={sinValidas ? 'importar-sin-filas' : undefined}
            onClick={onImportar}
          >
            {M.importarN(resumen.albaranes)}
          </Button>
        </div>
      </div>
    </>
  );
};

/** Step 4: the streamed import and its result (or its failure, with "Reintentar"). */
export const PasoResultado = ({
  destino,
  importacionId,
  importacion,
  totalFilas,
  onReintentar,
  onNueva,
}: {
  destino: DestinoImportacion;
  importacionId: string;
  importacion: EstadoImportar;
  totalFilas: number;
  onReintentar: () => void;
  onNueva: () => void;
}) => {
  const descarga = useDescarga();
  if (importacion.fase === 'importando')
    return (
      <BarraProgreso
        progreso={importacion.progreso}
        texto={M.importando(
          importacion.progreso?.n ?? 0,
          importacion.progreso?.total ?? totalFilas,
        )}
      />
    );
  if (importacion.fase === 'fallida')
    return (
      <>
        <Alert variant="danger">{importacion.mensaje}</Alert>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={onReintentar}>{I.reintentar}</Button>
          <Button variant="outline-secondary" onClick={onNueva}>
            {I.nueva}
          </Button>
        </div>
      </>
    );
  const base = `${importacionesApi(destino)}/${encodeURIComponent(importacionId)}`;
  return (
    <>
      <Alert variant="success" role="status">
        {M.completada(importacion.resultado)}
      </Alert>
      {descarga.error && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={descarga.cerrar}>
          {descarga.error}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Link to={logisticaHrefs.importados(importacionId)} className="btn btn-primary">
          {I.verImportados}
        </Link>
        <Button
          variant="outline-secondary"
          onClick={() => void descarga.descargar(`${base}/informe.csv`, 'informe-importacion.csv')}
        >
          <FaFileCsv aria-hidden="true" className="me-1" />
          {I.descargarInforme}
        </Button>
        <Button variant="outline-secondary" onClick={onNueva}>
          {I.nueva}
        </Button>
      </div>
    </>
  );
};
