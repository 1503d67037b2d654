import { useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import {
  CATEGORIA_DOCUMENTO_CAMION_LABELS,
  CATEGORIAS_DOCUMENTO_CAMION,
  formatNumero,
  type Camion,
} from '@tvsistema/domain';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { uploadFile } from '../../../lib/upload-file.js';
import { useQueryClient } from '@tanstack/react-query';
import { camionUrl, flotaKeys } from '../api/flota-keys.js';
import { useBorrarDocumento, useDocumentos } from '../api/registros.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { fecha } from '../utils/format.js';
import { Cargando, Vacio } from './tab-parts.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';

// §5.3 Documentos: upload with categoría, fecha and vencimiento, list, delete.

export const DocumentosTab = ({ camion, canEdit }: { camion: Camion; canEdit: boolean }) => {
  const query = useDocumentos(camion._id);
  const borrar = useBorrarDocumento(camion._id);
  const client = useQueryClient();
  const { getAccessToken } = useAuthContext();
  const [categoria, setCategoria] = useState('otro');
  const [fechaDocumento, setFechaDocumento] = useState('');
  const [vencimiento, setVencimiento] = useState('');
  const [subiendo, setSubiendo] = useState(false);
  const [error, setError] = useState<string>();

  const subir = async (file: File) => {
    setError(undefined);
    setSubiendo(true);
    try {
      // The fields go before the file: the server reads them first (files convention).
      await uploadFile({
        url: camionUrl(camion._id, 'archivos'),
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: () => undefined,
        fields: {
          categoria,
          ...(fechaDocumento ? { fechaDocumento } : {}),
          ...(vencimiento ? { vencimiento } : {}),
        },
      });
      await client.invalidateQueries({ queryKey: flotaKeys.all });
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo subir el archivo'));
    } finally {
      setSubiendo(false);
    }
  };

  return (
    <>
      {canEdit && (
        <Row className="g-2 align-items-end mb-3">
          <Col xs={12} sm={4}>
            <Form.Group controlId="doc-categoria">
              <Form.Label>Categoría</Form.Label>
              <Form.Select value={categoria} onChange={(e) => setCategoria(e.target.value)}>
                {CATEGORIAS_DOCUMENTO_CAMION.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORIA_DOCUMENTO_CAMION_LABELS[c]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} sm={4}>
            <Form.Group controlId="doc-fecha">
              <Form.Label>Fecha</Form.Label>
              <Form.Control
                type="date"
                value={fechaDocumento}
                onChange={(e) => setFechaDocumento(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs={6} sm={4}>
            <Form.Group controlId="doc-vencimiento">
              <Form.Label>Vence</Form.Label>
              <Form.Control
                type="date"
                value={vencimiento}
                onChange={(e) => setVencimiento(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs={12}>
            <div
              className="flota-drop"
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const file = e.dataTransfer.files[0];
                if (file) void subir(file);
              }}
            >
              <SelectorArchivo
                id="doc-archivo"
                label="Archivo"
                disabled={subiendo}
                vaciar
                className="d-flex flex-column align-items-center"
                onChange={(files) => {
                  if (files[0]) void subir(files[0]);
                }}
              >
                <Form.Text>{T.dropZone}</Form.Text>
              </SelectorArchivo>
            </div>
            {subiendo && (
              <p role="status" className="small mt-2 mb-0">
                Subiendo…
              </p>
            )}
          </Col>
        </Row>
      )}
      {error && <Alert variant="danger">{error}</Alert>}
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinDocumentos}</Vacio>
      ) : (
        <TablaApilada label="Documentos del vehículo">
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Categoría</th>
              <th scope="col">Fecha</th>
              <th scope="col">Vence</th>
              <th scope="col">Tamaño</th>
              <th scope="col">Subido por</th>
              {canEdit && <th scope="col">Acciones</th>}
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((d) => (
              <tr key={d._id}>
                <Celda etiqueta="Nombre" className="text-break">
                  {d.nombre}
                </Celda>
                <Celda etiqueta="Categoría">{CATEGORIA_DOCUMENTO_CAMION_LABELS[d.categoria]}</Celda>
                <Celda etiqueta="Fecha">{fecha(d.fechaDocumento)}</Celda>
                <Celda etiqueta="Vence">{fecha(d.vencimiento)}</Celda>
                <Celda etiqueta="Tamaño" className="text-nowrap">
                  {formatNumero(Math.ceil(d.tamano / 1024))} KB
                </Celda>
                <Celda etiqueta="Subido por">{d.createdBy ?? '—'}</Celda>
                {canEdit && (
                  <CeldaAcciones>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Eliminar ${d.nombre}`}
                      onClick={() => void borrar.mutateAsync(d._id)}
                    >
                      Eliminar
                    </Button>
                  </CeldaAcciones>
                )}
              </tr>
            ))}
          </tbody>
        </TablaApilada>
      )}
    </>
  );
};
