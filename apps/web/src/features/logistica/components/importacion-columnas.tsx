import { useId, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Table } from 'react-bootstrap';
import {
  aplicarMapeo,
  camposImportacion,
  ESTADOS_INICIALES_IMPORTACION,
  FORMATOS_FECHA_IMPORTACION,
  guardarPlantillaMapeoSchema,
  IMPORTACION_MESSAGES as M,
  mapeoDesdeColumnas,
  SEPARADOR_DECIMAL_LABELS,
  SEPARADORES_DECIMALES,
  type DestinoImportacion,
  type ImportacionSubida,
  type OpcionesImportacion,
  type PlantillaMapeo,
} from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { guardarPlantillaMapeo } from '../api/importacion-api.js';
import { T } from '../logistica-texts.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

const I = T.importar;

const columnasDesde = (mapeo: Record<string, string>, cabeceras: readonly string[]) =>
  Object.fromEntries(
    Object.entries(aplicarMapeo(mapeo, cabeceras)).map(([key, cabecera]) => [cabecera, key]),
  );

/** "Guardar como plantilla…": a name for the current mapping and options. */
const GuardarPlantilla = ({
  destino,
  mapeo,
  opciones,
  onGuardada,
  onCerrar,
}: {
  destino: DestinoImportacion;
  mapeo: Record<string, string>;
  opciones: OpcionesImportacion;
  onGuardada: (plantilla: PlantillaMapeo) => void;
  onCerrar: () => void;
}) => {
  const api = useApiClient();
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [guardando, setGuardando] = useState(false);
  const guardar = async () => {
    const cuerpo = guardarPlantillaMapeoSchema.safeParse({ nombre, mapeo, opciones });
    if (!cuerpo.success) {
      setError(cuerpo.error.issues[0]?.message);
      return;
    }
    setGuardando(true);
    setError(undefined);
    try {
      onGuardada(await guardarPlantillaMapeo(api, destino, cuerpo.data));
    } catch (err) {
      setError(serverMessageOr(err, 'No se pudo guardar la plantilla'));
      setGuardando(false);
    }
  };
  return (
    <Modal show onHide={onCerrar} centered aria-labelledby="guardar-plantilla-titulo">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void guardar();
        }}
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="guardar-plantilla-titulo" as="h2" className="h5">
            {I.guardarPlantilla.replace('…', '')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="plantilla-nombre">
            <Form.Label>{I.nombrePlantilla}</Form.Label>
            <Form.Control
              value={nombre}
              maxLength={100}
              autoFocus
              {...invalidProps('plantilla-nombre', error)}
              onChange={(e) => setNombre(e.target.value)}
            />
            <Form.Control.Feedback type="invalid" id={errorIdOf('plantilla-nombre')}>
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCerrar}>
            {I.cancelar}
          </Button>
          <Button type="submit" disabled={guardando}>
            {I.guardar}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};

/** Step 2: each column of the file to a field of TVSistema, the options, "Validar". */
export const PasoColumnas = ({
  destino,
  subida,
  columnas,
  onColumnas,
  opciones,
  onOpciones,
  recordar,
  onRecordar,
  erroresServidor,
  onValidar,
}: {
  destino: DestinoImportacion;
  subida: ImportacionSubida;
  columnas: Record<string, string>;
  onColumnas: (columnas: Record<string, string>) => void;
  opciones: OpcionesImportacion;
  onOpciones: (opciones: OpcionesImportacion) => void;
  recordar: boolean;
  onRecordar: (recordar: boolean) => void;
  erroresServidor: string[];
  onValidar: () => void;
}) => {
  const id = useId();
  const campos = camposImportacion(destino);
  const [plantillas, setPlantillas] = useState<PlantillaMapeo[]>(subida.plantillas);
  const [plantillaId, setPlantillaId] = useState('');
  const [guardando, setGuardando] = useState(false);
  const [aviso, setAviso] = useState<string | undefined>();
  const [intentado, setIntentado] = useState(false);
  const errores = useRef<HTMLDivElement>(null);
  const { mapeo, errores: erroresMapeo } = mapeoDesdeColumnas(destino, columnas);
  const ejemplos = (cabecera: string) => (subida.ejemplos[cabecera] ?? []).join(' · ') || '—';
  const mostrados = intentado ? [...erroresMapeo, ...erroresServidor] : erroresServidor;

  const elegirPlantilla = (valor: string) => {
    setPlantillaId(valor);
    const plantilla = plantillas.find((p) => p._id === valor);
    if (!plantilla) return;
    onColumnas(columnasDesde(plantilla.mapeo, subida.cabeceras));
    onOpciones(plantilla.opciones);
  };

  const validar = () => {
    setIntentado(true);
    if (erroresMapeo.length) {
      errores.current?.focus();
      return;
    }
    onValidar();
  };

  return (
    <>
      {subida.origenMapeo === 'recordado' && subida.mapeoUsadoAt && (
        <Alert variant="info" role="note">
          {M.mapeoAplicado(subida.mapeoUsadoAt)}
        </Alert>
      )}
      {aviso && (
        <Alert
          variant="success"
          dismissible
          closeLabel="Cerrar"
          onClose={() => setAviso(undefined)}
        >
          {aviso}
        </Alert>
      )}
      <Table responsive className="align-middle importacion-columnas">
        <thead>
          <tr>
            <th scope="col">{I.columna}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {I.ejemplos}
            </th>
            <th scope="col">{I.campo}</th>
          </tr>
        </thead>
        <tbody>
          {subida.cabeceras.map((cabecera, i) => (
            <tr key={`${cabecera}-${i}`}>
              <th scope="row" className="fw-semibold text-break">
                {cabecera}
                {/* Below md the examples go under the column's name, so the table fits a phone. */}
                <span className="d-block d-md-none small fw-normal text-body-secondary">
                  {ejemplos(cabecera)}
                </span>
              </th>
              <td className="d-none d-md-table-cell small text-body-secondary text-break">
                {ejemplos(cabecera)}
              </td>
              <td>
                <Form.Select
                  size="sm"
                  aria-label={I.campoDe(cabecera)}
                  value={columnas[cabecera] ?? ''}
                  onChange={(e) => onColumnas({ ...columnas, [cabecera]: e.target.value })}
                >
                  <option value="">{M.noImportar}</option>
                  {campos.map((c) => (
                    <option key={c.key} value={c.key}>
                      {c.obligatorio ? `${c.cabecera} *` : c.cabecera}
                    </option>
                  ))}
                </Form.Select>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Row className="g-3 mb-3">
        <Col xs={12} md={6} lg={3}>
          <Form.Group controlId={`${id}-plantilla`}>
            <Form.Label>{I.plantilla}</Form.Label>
            <Form.Select value={plantillaId} onChange={(e) => elegirPlantilla(e.target.value)}>
              <option value="">{I.sinPlantilla}</option>
              {plantillas.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.nombre}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Group controlId={`${id}-fecha`}>
            <Form.Label>{I.formatoFecha}</Form.Label>
            <Form.Select
              value={opciones.formatoFecha}
              onChange={(e) =>
                onOpciones({
                  ...opciones,
                  formatoFecha: e.target.value as OpcionesImportacion['formatoFecha'],
                })
              }
            >
              {FORMATOS_FECHA_IMPORTACION.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Group controlId={`${id}-decimal`}>
            <Form.Label>{I.separadorDecimal}</Form.Label>
            <Form.Select
              value={opciones.separadorDecimal}
              onChange={(e) =>
                onOpciones({
                  ...opciones,
                  separadorDecimal: e.target.value as OpcionesImportacion['separadorDecimal'],
                })
              }
            >
              {SEPARADORES_DECIMALES.map((s) => (
                <option key={s} value={s}>
                  {SEPARADOR_DECIMAL_LABELS[s]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {destino === 'alquiler' && (
          <Col xs={12} md={6} lg={3}>
            <Form.Group controlId={`${id}-estado`}>
              <Form.Label>{I.estadoInicial}</Form.Label>
              <Form.Select
                value={opciones.estadoInicial}
                onChange={(e) =>
                  onOpciones({
                    ...opciones,
                    estadoInicial: e.target.value as OpcionesImportacion['estadoInicial'],
                  })
                }
              >
                {ESTADOS_INICIALES_IMPORTACION.map((s) => (
                  <option key={s} value={s}>
                    {I.estadosIniciales[s]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
      </Row>
      <Form.Check
        id={`${id}-recordar`}
        className="mb-3"
        label={M.recordar}
        checked={recordar}
        onChange={(e) => onRecordar(e.target.checked)}
      />
      <div ref={errores} tabIndex={-1} className="importacion-errores-mapeo">
        {mostrados.length > 0 && (
          <Alert variant="danger">
            <ul className="mb-0 ps-3">
              {mostrados.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </Alert>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={() => setGuardando(true)}>
          {I.guardarPlantilla}
        </Button>
        <Button variant="primary" className="ms-md-auto" onClick={validar}>
          {I.validar}
        </Button>
      </div>
      {guardando && (
        <GuardarPlantilla
          destino={destino}
          mapeo={mapeo}
          opciones={opciones}
          onCerrar={() => setGuardando(false)}
          onGuardada={(p) => {
            setPlantillas((actuales) => [...actuales.filter((a) => a._id !== p._id), p]);
            setPlantillaId(p._id);
            setGuardando(false);
            setAviso(I.plantillaGuardada(p.nombre));
          }}
        />
      )}
    </>
  );
};
