import { useId, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIA_DOCUMENTO_OBRA_LABEL,
  CATEGORIAS_DOCUMENTO_OBRA,
  formatFecha,
  type CategoriaDocumentoObra,
  type Obra,
} from '@tvsistema/domain';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { isApiError } from '../../../lib/api-client.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { descargar, subirArchivo } from '../api/archivos.js';
import { useDocumentosObra, useEliminarDocumento } from '../api/documentos.js';
import { obraKeys, obraUrl } from '../api/obra-keys.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Campo } from './campo.js';
import { Tabla } from './tabla.js';

const S = T.seguridad;

/** A work's documents; with `editable`, the upload with its category and the delete buttons. */
export const DocumentosLista = ({ obra, editable = false }: { obra: Obra; editable?: boolean }) => {
  const id = useId();
  const query = useDocumentosObra(obra._id);
  const eliminar = useEliminarDocumento(obra._id);
  const queryClient = useQueryClient();
  const { getAccessToken } = useAuthContext();
  const [categoria, setCategoria] = useState<CategoriaDocumentoObra | ''>('');
  const [archivo, setArchivo] = useState<File | undefined>();
  // §2.3: the document's own date and, for what expires (a plan, an insurance), its expiry.
  const [fechaDocumento, setFechaDocumento] = useState('');
  const [vencimiento, setVencimiento] = useState('');
  const [mensaje, setMensaje] = useState<
    { variant: 'success' | 'danger'; text: string } | undefined
  >();
  const [subiendo, setSubiendo] = useState(false);

  const subir = async () => {
    if (!archivo || !categoria) return;
    setSubiendo(true);
    setMensaje(undefined);
    try {
      await subirArchivo({
        url: obraUrl(obra._id, 'documentos'),
        campos: {
          categoria,
          ...(fechaDocumento ? { fechaDocumento } : {}),
          ...(vencimiento ? { vencimiento } : {}),
        },
        file: archivo,
        nombre: archivo.name,
        getAccessToken,
      });
      setMensaje({ variant: 'success', text: S.subido });
      setArchivo(undefined);
      setCategoria('');
      setFechaDocumento('');
      setVencimiento('');
      await queryClient.invalidateQueries({ queryKey: obraKeys.all });
    } catch (cause) {
      setMensaje({ variant: 'danger', text: isApiError(cause) ? cause.message : String(cause) });
    } finally {
      setSubiendo(false);
    }
  };

  const documentos = query.data ?? [];
  return (
    <div>
      {mensaje && (
        <Alert variant={mensaje.variant} role={mensaje.variant === 'danger' ? 'alert' : 'status'}>
          {mensaje.text}
        </Alert>
      )}
      {editable && (
        <Row className="g-2 align-items-end mb-3">
          <Col xs={12} md={4}>
            <Form.Label htmlFor={`${id}-categoria`}>{S.categoria}</Form.Label>
            <Form.Select
              id={`${id}-categoria`}
              value={categoria}
              onChange={(e) => setCategoria(e.target.value as CategoriaDocumentoObra)}
            >
              <option value="">—</option>
              {CATEGORIAS_DOCUMENTO_OBRA.map((c) => (
                <option key={c} value={c}>
                  {CATEGORIA_DOCUMENTO_OBRA_LABEL[c]}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={6} md={4}>
            <Campo
              label={S.fechaDocumento}
              type="date"
              value={fechaDocumento}
              onChange={setFechaDocumento}
            />
          </Col>
          <Col xs={6} md={4}>
            <Campo label={S.vence} type="date" value={vencimiento} onChange={setVencimiento} />
          </Col>
          <Col xs={12} md={8}>
            <SelectorArchivo
              id={`${id}-archivo`}
              label={S.archivo}
              seleccion={archivo ?? null}
              onChange={(files) => setArchivo(files[0])}
            />
          </Col>
          <Col xs={12} md={4}>
            <Button
              className="w-100"
              onClick={() => void subir()}
              disabled={!archivo || !categoria || subiendo}
            >
              {S.subir}
            </Button>
          </Col>
        </Row>
      )}
      {documentos.length === 0 ? (
        <p>{S.sinDocumentos}</p>
      ) : (
        <Tabla label={S.documentos}>
          <thead>
            <tr>
              {S.columnas.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {documentos.map((d) => (
              <tr key={d._id}>
                <td className="text-break">{d.nombre}</td>
                <td>{CATEGORIA_DOCUMENTO_OBRA_LABEL[d.categoria]}</td>
                <td>{formatFecha(d.fechaDocumento ?? d.createdAt.slice(0, 10))}</td>
                <td>{d.vencimiento ? formatFecha(d.vencimiento) : '—'}</td>
                <td>{d.createdBy ?? '—'}</td>
                <td className="d-flex gap-1">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={S.descargar(d.nombre)}
                    onClick={() =>
                      void descargar(
                        obraUrl(obra._id, 'documentos', d._id),
                        d.nombre,
                        getAccessToken,
                        d.mime,
                      )
                    }
                  >
                    Descargar
                  </Button>
                  {editable && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={S.eliminar(d.nombre)}
                      onClick={() => void eliminar.mutateAsync(d._id)}
                    >
                      Eliminar
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Tabla>
      )}
    </div>
  );
};
