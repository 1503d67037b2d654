import { useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import {
  AUTORIZACION_LABELS,
  CATEGORIA_DOCUMENTO_CAMION_LABELS,
  CATEGORIAS_DOCUMENTO_CAMION,
  COBERTURA_LABELS,
  formatEuros,
  formatNumero,
  ORIGEN_LECTURA_KM_LABELS,
  RESULTADO_ITV_LABELS,
  TACOGRAFO_LABELS,
  TIPO_CAMION_LABELS,
  TIPO_MANTENIMIENTO_CAMION_LABELS,
  type Camion,
} from '@tvsistema/domain';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ListPagination } from '../../../components/resource/pagination.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { ApiError, defaultMessageForStatus } from '../../../lib/api-client.js';
import { useQueryClient } from '@tanstack/react-query';
import { camionUrl, flotaKeys } from '../api/flota-keys.js';
import {
  useAsignaciones,
  useBorrarDocumento,
  useDocumentos,
  useInspecciones,
  useLecturas,
  useMantenimientos,
} from '../api/registros.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { fecha, km } from '../utils/format.js';
import { VencimientoBadge } from './camion-badges.js';

// §5.3 tabs: Resumen, ITV, Mantenimientos, Kilometraje, Documentos.

const Dato = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="col-6 text-body-secondary fw-normal">{label}</dt>
    <dd className="col-6">{children}</dd>
  </>
);

const Tarjeta = ({ title, children }: { title: string; children: ReactNode }) => (
  <Col md={6} xl={4}>
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body>
        <dl className="row mb-0">{children}</dl>
      </Card.Body>
    </Card>
  </Col>
);

const Vacio = ({ children }: { children: string }) => (
  <p className="text-body-secondary fst-italic">{children}</p>
);

export const ResumenTab = ({ camion }: { camion: Camion }) => {
  const asignaciones = useAsignaciones(camion._id);
  return (
    <Row className="g-3">
      <Tarjeta title="Identificación">
        <Dato label="Matrícula">{camion.matriculaTexto}</Dato>
        <Dato label="Bastidor">{camion.bastidor}</Dato>
        <Dato label="Tipo">{TIPO_CAMION_LABELS[camion.tipo]}</Dato>
        <Dato label="Primera matriculación">{fecha(camion.fechaPrimeraMatriculacion)}</Dato>
        <Dato label="Alta en la flota">{fecha(camion.fechaAlta)}</Dato>
      </Tarjeta>
      <Tarjeta title="Masas">
        <Dato label="MMA">{formatNumero(camion.mmaKg)} kg</Dato>
        <Dato label="Tara">{formatNumero(camion.taraKg)} kg</Dato>
        <Dato label="Carga útil">{formatNumero(camion.cargaUtilKg)} kg</Dato>
        <Dato label="Categoría">{camion.categoria}</Dato>
      </Tarjeta>
      <Tarjeta title="Autorización y seguro">
        <Dato label="Autorización">
          {camion.autorizacion
            ? `${AUTORIZACION_LABELS[camion.autorizacion.tipo]} ${camion.autorizacion.numero ?? ''}`
            : '—'}
        </Dato>
        <Dato label="Visado hasta">{fecha(camion.autorizacion?.visadoHasta)}</Dato>
        <Dato label="Aseguradora">{camion.seguro?.aseguradora ?? '—'}</Dato>
        <Dato label="Cobertura">
          {camion.seguro ? COBERTURA_LABELS[camion.seguro.cobertura] : '—'}
        </Dato>
        <Dato label="Vencimiento del seguro">{fecha(camion.seguro?.vencimiento)}</Dato>
      </Tarjeta>
      <Tarjeta title="Tacógrafo">
        <Dato label="Tipo">{camion.tacografo ? TACOGRAFO_LABELS[camion.tacografo.tipo] : '—'}</Dato>
        <Dato label="Próxima revisión">{fecha(camion.tacografo?.proximaRevision)}</Dato>
        <Dato label="Próxima descarga">{fecha(camion.tacografo?.proximaDescarga)}</Dato>
      </Tarjeta>
      <Tarjeta title="Conductor habitual">
        <Dato label="Actual">{camion.conductorHabitual?.nombre ?? '—'}</Dato>
        {(asignaciones.data?.data ?? []).map((a) => (
          <Dato key={`${a.conductorId}-${a.desde}`} label={a.nombre}>
            {fecha(a.desde)} – {a.hasta ? fecha(a.hasta) : 'hoy'}
          </Dato>
        ))}
      </Tarjeta>
      <Tarjeta title="Kilometraje">
        <Dato label="Km actuales">{km(camion.kmActual)}</Dato>
        <Dato label="Última lectura">{fecha(camion.kmFecha)}</Dato>
        <Dato label="Próxima ITV">{fecha(camion.itvHasta)}</Dato>
        <Dato label="Estado ITV">{camion.itv.texto}</Dato>
      </Tarjeta>
      <Col xs={12}>
        <Card>
          <Card.Header as="h2" className="h6 mb-0">
            Vencimientos
          </Card.Header>
          {camion.vencimientos.length === 0 ? (
            <Card.Body>
              <Vacio>{T.sinVencimientos}</Vacio>
            </Card.Body>
          ) : (
            <Table responsive className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Concepto</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Días</th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {camion.vencimientos.map((v) => (
                  <tr key={`${v.tipo}-${v.concepto}`}>
                    <td>{v.concepto}</td>
                    <td>{fecha(v.fecha ?? v.fechaEstimada)}</td>
                    <td>{v.diasRestantes ?? '—'}</td>
                    <td>
                      <VencimientoBadge item={v} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      </Col>
    </Row>
  );
};

const Cargando = ({ error, pending }: { error: unknown; pending: boolean }) =>
  pending ? (
    <LoadingStatus message="Cargando…" />
  ) : (
    <Alert variant="danger">{serverMessageOr(error, 'No se pudo cargar')}</Alert>
  );

export const ItvTab = ({ camion, accion }: { camion: Camion; accion: ReactNode }) => {
  const query = useInspecciones(camion._id);
  return (
    <>
      <div className="d-flex justify-content-end mb-2">{accion}</div>
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinInspecciones}</Vacio>
      ) : (
        <Table responsive>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Estación</th>
              <th scope="col">Resultado</th>
              <th scope="col">Km</th>
              <th scope="col">Próxima ITV</th>
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((i) => (
              <tr key={i._id}>
                <td>{fecha(i.fecha)}</td>
                <td>{i.estacion ?? '—'}</td>
                <td>
                  {RESULTADO_ITV_LABELS[i.resultado]}
                  {i.plazoSubsanacion && ` (subsanar antes del ${fecha(i.plazoSubsanacion)})`}
                </td>
                <td>{km(i.km)}</td>
                <td>{fecha(i.proximaItv)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
};

export const MantenimientosTab = ({ camion, accion }: { camion: Camion; accion: ReactNode }) => {
  const [page, setPage] = useState(1);
  const query = useMantenimientos(camion._id, page);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
        {query.data && (
          <span>
            Coste {query.data.totales.anio}: {formatEuros(query.data.totales.costeAnio)}
            {' · '}Coste por km (12 meses):{' '}
            {query.data.totales.costePorKm ? formatEuros(query.data.totales.costePorKm) : '—'}
          </span>
        )}
        {accion}
      </div>
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinMantenimientos}</Vacio>
      ) : (
        <>
          <Table responsive>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Km</th>
                <th scope="col">Tipo</th>
                <th scope="col">Taller</th>
                <th scope="col">Descripción</th>
                <th scope="col">Coste</th>
                <th scope="col">Próximo</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((m) => (
                <tr key={m._id}>
                  <td>{fecha(m.fecha)}</td>
                  <td>{km(m.km)}</td>
                  <td>{TIPO_MANTENIMIENTO_CAMION_LABELS[m.tipo]}</td>
                  <td>{m.taller}</td>
                  <td>{m.descripcion ?? '—'}</td>
                  <td className="text-nowrap">{formatEuros(m.coste)}</td>
                  <td>
                    {[
                      m.proximaFecha ? fecha(m.proximaFecha) : '',
                      m.proximoKm ? km(m.proximoKm) : '',
                    ]
                      .filter(Boolean)
                      .join(' / ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ListPagination page={page} totalPages={query.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
};

export const KilometrajeTab = ({ camion, accion }: { camion: Camion; accion: ReactNode }) => {
  const [page, setPage] = useState(1);
  const query = useLecturas(camion._id, page);
  return (
    <>
      <div className="d-flex justify-content-end mb-2">{accion}</div>
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinLecturas}</Vacio>
      ) : (
        <>
          <Table responsive>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Km</th>
                <th scope="col">Origen</th>
                <th scope="col">Registrado por</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((l) => (
                <tr key={l._id}>
                  <td>{fecha(l.fecha)}</td>
                  <td>
                    {km(l.km)}
                    {l.confirmada && (
                      <Badge bg="info" text="dark" className="ms-2">
                        Confirmada
                      </Badge>
                    )}
                  </td>
                  <td>{ORIGEN_LECTURA_KM_LABELS[l.origen]}</td>
                  <td>{l.registradoPor ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ListPagination page={page} totalPages={query.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
};

export const DocumentosTab = ({ camion, canEdit }: { camion: Camion; canEdit: boolean }) => {
  const query = useDocumentos(camion._id);
  const borrar = useBorrarDocumento(camion._id);
  const client = useQueryClient();
  const { getAccessToken } = useAuthContext();
  const [categoria, setCategoria] = useState('otro');
  const [vencimiento, setVencimiento] = useState('');
  const [subiendo, setSubiendo] = useState(false);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const subir = async (file: File) => {
    setError(undefined);
    setSubiendo(true);
    try {
      // The fields go before the file: the server reads them first (files convention).
      const form = new FormData();
      form.append('categoria', categoria);
      if (vencimiento) form.append('vencimiento', vencimiento);
      form.append('archivo', file);
      const token = await getAccessToken().catch(() => undefined);
      const response = await fetch(camionUrl(camion._id, 'archivos'), {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: form,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          { message?: string } | undefined;
        throw new ApiError(
          response.status,
          body?.message ?? defaultMessageForStatus(response.status),
        );
      }
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
          <Col xs={12} sm={4}>
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
            <button
              type="button"
              className="flota-drop w-100 bg-transparent"
              onClick={() => input.current?.click()}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const file = e.dataTransfer.files[0];
                if (file) void subir(file);
              }}
            >
              {T.dropZone}
            </button>
            <input
              ref={input}
              type="file"
              hidden
              aria-label="Archivo"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void subir(file);
                e.target.value = '';
              }}
            />
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
        <Table responsive>
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
                <td className="text-break">{d.nombre}</td>
                <td>{CATEGORIA_DOCUMENTO_CAMION_LABELS[d.categoria]}</td>
                <td>{fecha(d.fechaDocumento)}</td>
                <td>{fecha(d.vencimiento)}</td>
                <td className="text-nowrap">{formatNumero(Math.ceil(d.tamano / 1024))} KB</td>
                <td>{d.createdBy ?? '—'}</td>
                {canEdit && (
                  <td>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Eliminar ${d.nombre}`}
                      onClick={() => void borrar.mutateAsync(d._id)}
                    >
                      Eliminar
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
};
