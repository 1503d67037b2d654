import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  caducidadItvSugerida,
  DIAS_AVISO_CADUCIDAD,
  diaEnMadrid,
  documentoCamposSchema,
  type DocumentoMaquina,
  formatFecha,
  sumarDias,
  TIPO_DOCUMENTO_MAQUINA_LABELS,
  TIPOS_DOCUMENTO_MAQUINA,
  type TipoDocumentoMaquina,
} from '@tvsistema/domain';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ApiError, defaultMessageForStatus, isApiError } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';
import { listOf } from '../api/maquina-acciones.js';
import { maquinaKeys, maquinaUrl } from '../api/maquina-keys.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// §2.5 machine documents and the §5.3 "Documentos" tab. The domain has no schema for them yet:
// the record below is the design's.

export type { DocumentoMaquina } from '@tvsistema/domain';

export const MAX_DOCUMENTO_BYTES = 25 * 1024 * 1024;
const ADMITIDOS = /\.(pdf|jpe?g|png|webp|gif|tiff?|docx?|xlsx?|pptx?|odt|ods|odp|csv)$/i;

/** Why a file cannot be uploaded, before sending it (the server checks the content too). */
export const archivoError = (file: File | undefined): string | undefined => {
  if (!file) return 'Elige el archivo';
  if (file.size > MAX_DOCUMENTO_BYTES) return 'El archivo supera 25 MB';
  if (!ADMITIDOS.test(file.name)) return 'Tipo de archivo no admitido';
  return undefined;
};

/** Vigente / Caduca pronto / Caducado (R11: announced 30 days before). */
export const vigencia = (fechaCaducidad: string | null, hoy: string) => {
  if (!fechaCaducidad) return undefined;
  if (fechaCaducidad < hoy) return { bg: 'danger', label: 'Caducado' } as const;
  if (fechaCaducidad <= sumarDias(hoy, DIAS_AVISO_CADUCIDAD))
    return { bg: 'warning', label: 'Caduca pronto' } as const;
  return { bg: 'success', label: 'Vigente' } as const;
};

type Errors = Record<string, string>;

/** R12: what the form says of the ITV expiry it suggests. */
export const textoCaducidadSugerida = (sugerida: { fecha: string; anios: 1 | 2 }) =>
  `Caducidad sugerida: ${formatFecha(sugerida.fecha)} (${
    sugerida.anios === 2
      ? 'inspección cada 2 años: menos de 10 años desde la matriculación'
      : 'inspección anual: 10 años o más desde la matriculación'
  }). Puedes cambiarla.`;

const AddDocumento = ({
  maquinaId,
  fechaMatriculacion,
  onDone,
}: {
  maquinaId: string;
  fechaMatriculacion: string | null;
  onDone: () => void;
}) => {
  const { getAccessToken } = useAuthContext();
  const [tipo, setTipo] = useState<TipoDocumentoMaquina | ''>('');
  const [descripcion, setDescripcion] = useState('');
  const [fechaEmision, setFechaEmision] = useState('');
  const [caducidadEscrita, setCaducidadEscrita] = useState<string>();
  // R12: an ITV card's expiry follows from its inspection date until the user writes one.
  const sugerida =
    tipo === 'itv'
      ? caducidadItvSugerida({ fechaInspeccion: fechaEmision, fechaMatriculacion })
      : null;
  const fechaCaducidad = caducidadEscrita ?? sugerida?.fecha ?? '';
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const campos = documentoCamposSchema.safeParse({
      tipo: tipo || undefined,
      descripcion,
      fechaEmision,
      fechaCaducidad,
    });
    if (!campos.success)
      for (const issue of campos.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
    const fileError = archivoError(file);
    if (fileError) found.archivo = fileError;
    setErrors(found);
    setError(undefined);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('tipo', tipo);
      if (descripcion.trim()) form.append('descripcion', descripcion.trim());
      if (fechaEmision) form.append('fechaEmision', fechaEmision);
      if (fechaCaducidad) form.append('fechaCaducidad', fechaCaducidad);
      form.append('archivo', file);
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(maquinaUrl(maquinaId, 'documentos'), {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: form,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          | { message?: string; errors?: unknown[] }
          | undefined;
        throw new ApiError(
          response.status,
          body?.message ?? defaultMessageForStatus(response.status),
          {
            body,
            ...(body?.errors ? { errors: body.errors } : {}),
          },
        );
      }
      onDone();
    } catch (cause) {
      const fields: Errors = {};
      if (isApiError(cause)) {
        for (const entry of cause.errors ?? []) {
          const match = typeof entry === 'string' ? /^\s*(\w+)\s*:\s*(.+)$/s.exec(entry) : null;
          if (match?.[1] && match[2]) fields[match[1]] ??= match[2];
        }
      }
      setErrors(fields);
      setError(serverMessageOr(cause, 'No se pudo subir el documento'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card body className="mb-3">
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Añadir documento">
        {error && <Alert variant="danger">{error}</Alert>}
        <fieldset disabled={busy}>
          <Row className="g-2">
            <Col xs={12} md={6}>
              <Form.Group controlId="documento-tipo">
                <Form.Label>Tipo</Form.Label>
                <Form.Select
                  value={tipo}
                  {...invalidProps('documento-tipo', errors.tipo)}
                  onChange={(event) => setTipo(event.target.value as TipoDocumentoMaquina | '')}
                >
                  <option value="">Selecciona…</option>
                  {TIPOS_DOCUMENTO_MAQUINA.map((value) => (
                    <option key={value} value={value}>
                      {TIPO_DOCUMENTO_MAQUINA_LABELS[value]}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id={errorIdOf('documento-tipo')}>
                  {errors.tipo}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={12} md={6}>
              <Form.Group controlId="documento-descripcion">
                <Form.Label>Descripción</Form.Label>
                <Form.Control
                  maxLength={200}
                  value={descripcion}
                  {...invalidProps('documento-descripcion', errors.descripcion)}
                  onChange={(event) => setDescripcion(event.target.value)}
                />
                <Form.Control.Feedback type="invalid" id={errorIdOf('documento-descripcion')}>
                  {errors.descripcion}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={6}>
              <Form.Group controlId="documento-emision">
                <Form.Label>Fecha de emisión</Form.Label>
                <Form.Control
                  type="date"
                  value={fechaEmision}
                  {...invalidProps('documento-emision', errors.fechaEmision)}
                  onChange={(event) => setFechaEmision(event.target.value)}
                />
                <Form.Control.Feedback type="invalid" id={errorIdOf('documento-emision')}>
                  {errors.fechaEmision}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={6}>
              <Form.Group controlId="documento-caducidad">
                <Form.Label>Fecha de caducidad</Form.Label>
                <Form.Control
                  type="date"
                  value={fechaCaducidad}
                  {...invalidProps(
                    'documento-caducidad',
                    errors.fechaCaducidad,
                    sugerida ? 'documento-caducidad-sugerida' : undefined,
                  )}
                  onChange={(event) => setCaducidadEscrita(event.target.value)}
                />
                <Form.Control.Feedback type="invalid" id={errorIdOf('documento-caducidad')}>
                  {errors.fechaCaducidad}
                </Form.Control.Feedback>
                {sugerida && (
                  <Form.Text id="documento-caducidad-sugerida">
                    {textoCaducidadSugerida(sugerida)}
                  </Form.Text>
                )}
              </Form.Group>
            </Col>
            <Col xs={12}>
              <SelectorArchivo
                id="documento-archivo"
                label="Archivo (PDF, imagen u Office; 25 MB como máximo)"
                error={errors.archivo}
                seleccion={file ?? null}
                onChange={(files) => setFile(files[0])}
              />
            </Col>
          </Row>
        </fieldset>
        <div className="d-flex justify-content-end mt-2">
          <Button type="submit" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            {busy ? 'Subiendo…' : 'Subir documento'}
          </Button>
        </div>
      </Form>
    </Card>
  );
};

/** §5.3 "Documentos": list with vigencia, download, delete and "Añadir documento". */
export const DocumentosTab = ({
  maquinaId,
  fechaMatriculacion,
  canEdit,
}: {
  maquinaId: string;
  fechaMatriculacion: string | null;
  canEdit: boolean;
}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { getAccessToken } = useAuthContext();
  const key = maquinaKeys.documentos(maquinaId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      listOf<DocumentoMaquina>(
        await api.get<unknown>(maquinaUrl(maquinaId, 'documentos'), { signal }),
      ),
  });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<string>();
  const [error, setError] = useState<string>();
  const hoy = diaEnMadrid();
  const refresh = () => queryClient.invalidateQueries({ queryKey: maquinaKeys.detail(maquinaId) });

  const download = async (doc: DocumentoMaquina) => {
    setError(undefined);
    try {
      saveBlob(
        await fetchCsv({
          path: maquinaUrl(maquinaId, 'documentos', encodeURIComponent(doc._id), 'archivo'),
          query: {},
          accept: '*/*',
          fallbackFileName: doc.archivo?.nombre ?? `${doc.tipo}.pdf`,
          getAccessToken,
        }),
      );
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo descargar el documento'));
    }
  };

  const remove = async (doc: DocumentoMaquina) => {
    setError(undefined);
    setConfirming(undefined);
    try {
      await api.delete(maquinaUrl(maquinaId, 'documentos', encodeURIComponent(doc._id)));
      await refresh();
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo eliminar el documento'));
    }
  };

  return (
    <>
      {canEdit && (
        <div className="d-flex justify-content-end mb-2">
          <Button variant="outline-primary" onClick={() => setAdding((value) => !value)}>
            Añadir documento
          </Button>
        </div>
      )}
      {adding && (
        <AddDocumento
          maquinaId={maquinaId}
          fechaMatriculacion={fechaMatriculacion}
          onDone={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
      {error && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      {query.isPending ? (
        <LoadingStatus message="Cargando documentos…" />
      ) : query.isError ? (
        <Alert variant="danger">
          {serverMessageOr(query.error, 'No se pudieron cargar los documentos')}
        </Alert>
      ) : query.data.length === 0 ? (
        <p className="text-body-secondary mb-0">Sin documentos</p>
      ) : (
        <TablaApilada label="Documentos">
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Descripción</th>
              <th scope="col">Emisión</th>
              <th scope="col">Caducidad</th>
              <th scope="col" className="text-end">
                Acciones
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((doc) => {
              const estado = vigencia(doc.fechaCaducidad, hoy);
              const nombre = TIPO_DOCUMENTO_MAQUINA_LABELS[doc.tipo];
              return (
                <tr key={doc._id}>
                  <Celda etiqueta="Tipo">{nombre}</Celda>
                  <Celda etiqueta="Descripción" className="text-break">
                    {doc.descripcion ?? '—'}
                  </Celda>
                  <Celda etiqueta="Emisión" className="text-nowrap">
                    {doc.fechaEmision ? formatFecha(doc.fechaEmision) : '—'}
                  </Celda>
                  <Celda etiqueta="Caducidad" className="text-nowrap">
                    {doc.fechaCaducidad ? formatFecha(doc.fechaCaducidad) : '—'}{' '}
                    {estado && (
                      <Badge bg={estado.bg} text={estado.bg === 'warning' ? 'dark' : undefined}>
                        {estado.label}
                      </Badge>
                    )}
                  </Celda>
                  <CeldaAcciones>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Descargar ${nombre}`}
                      onClick={() => void download(doc)}
                    >
                      Descargar
                    </Button>
                    {canEdit &&
                      (confirming === doc._id ? (
                        <>
                          <Button size="sm" variant="danger" onClick={() => void remove(doc)}>
                            Sí, eliminar
                          </Button>
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            onClick={() => setConfirming(undefined)}
                          >
                            No
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={`Eliminar ${nombre}`}
                          onClick={() => setConfirming(doc._id)}
                        >
                          Eliminar
                        </Button>
                      ))}
                  </CeldaAcciones>
                </tr>
              );
            })}
          </tbody>
        </TablaApilada>
      )}
    </>
  );
};
