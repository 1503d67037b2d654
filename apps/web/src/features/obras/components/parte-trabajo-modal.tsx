import { useId, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import {
  diaEnMadrid,
  formatNumero,
  TIPO_INCIDENCIA_LABEL,
  TIPOS_INCIDENCIA,
  type FotoParte,
  type Obra,
  type ParteTrabajo,
  type TipoIncidencia,
} from '@tvsistema/domain';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { isApiError } from '../../../lib/api-client.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { descargar, miniaturaDe, subirArchivo } from '../api/archivos.js';
import { obraUrl } from '../api/obra-keys.js';
import { useFotosParte, useParteTrabajoAcciones } from '../api/partes-trabajo.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Campo } from './campo.js';
import { FotoMiniatura } from './foto-miniatura.js';
import { ParteTrabajoDetalle } from './parte-trabajo-detalle.js';

const P = T.partes;

type Fila = { operarioId: string; horas: string };
type Incidencia = { tipo: TipoIncidencia; descripcion: string };

const errorDe = (cause: unknown) =>
  isApiError(cause)
    ? { message: cause.message, errors: (cause.errors ?? []).map(String) }
    : { message: String(cause), errors: [] };

/**
 * §5.6 parte modal: a draft is edited, saved, photographed and closed; a closed one is a detail
 * view (issue 14: not a disabled form) with its PDF, and reopens.
 */
export const ParteTrabajoModal = ({
  obra,
  parte,
  onHide,
  onGuardado,
}: {
  obra: Obra;
  parte: ParteTrabajo | undefined;
  onHide: () => void;
  onGuardado: (parte: ParteTrabajo) => void;
}) => {
  const id = useId();
  const { getAccessToken } = useAuthContext();
  const acciones = useParteTrabajoAcciones(obra._id);
  const fotos = useFotosParte(obra._id, parte?._id);
  const cerrado = parte?.estado === 'cerrado';
  const [fecha, setFecha] = useState(parte?.fecha ?? diaEnMadrid());
  const [enCuerda, setEnCuerda] = useState(parte?.trabajoEnCuerda ?? true);
  const [filas, setFilas] = useState<Fila[]>(
    parte?.operarios.map((o) => ({ operarioId: o.operarioId, horas: o.horas })) ??
      obra.equipo.map((m) => ({ operarioId: m.operarioId, horas: '8' })),
  );
  const [tareas, setTareas] = useState(parte?.tareas ?? '');
  const [incidencias, setIncidencias] = useState<Incidencia[]>(parte?.incidencias ?? []);
  const [viento, setViento] = useState(parte?.meteorologia?.vientoKmh?.toString() ?? '');
  const [lluvia, setLluvia] = useState(parte?.meteorologia?.lluvia ?? false);
  const [avance, setAvance] = useState(parte?.avance?.toString() ?? '');
  const [observaciones, setObservaciones] = useState(parte?.observaciones ?? '');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<{ message: string; errors: string[] } | undefined>();
  const [aviso, setAviso] = useState<string | undefined>();
  const [subiendo, setSubiendo] = useState(false);
  const ocupado =
    acciones.guardar.isPending ||
    acciones.cerrar.isPending ||
    acciones.reabrir.isPending ||
    subiendo;

  const total = filas.reduce((s, f) => s + (Number(f.horas) || 0), 0);
  const payload = () => ({
    fecha,
    trabajoEnCuerda: enCuerda,
    operarios: filas.filter((f) => f.operarioId),
    tareas,
    incidencias,
    meteorologia: { vientoKmh: viento === '' ? undefined : Number(viento), lluvia },
    avance: avance === '' ? undefined : Number(avance),
    observaciones,
    ...(parte ? { version: parte.version } : {}),
  });

  const guardar = async () => {
    setError(undefined);
    try {
      const guardado = await acciones.guardar.mutateAsync({ id: parte?._id, payload: payload() });
      setAviso(P.guardado);
      onGuardado(guardado);
      return guardado;
    } catch (cause) {
      setError(errorDe(cause));
      return undefined;
    }
  };

  const cerrar = async () => {
    const guardado = await guardar();
    if (!guardado) return;
    try {
      onGuardado(
        await acciones.cerrar.mutateAsync({ id: guardado._id, version: guardado.version }),
      );
      setAviso(P.cerrado);
    } catch (cause) {
      setError(errorDe(cause));
    }
  };

  const reabrir = async () => {
    if (!parte) return;
    setError(undefined);
    try {
      onGuardado(
        await acciones.reabrir.mutateAsync({ id: parte._id, version: parte.version, motivo }),
      );
      setAviso(undefined);
    } catch (cause) {
      setError(errorDe(cause));
    }
  };

  const pdf = async () => {
    if (!parte) return;
    setError(undefined);
    try {
      await descargar(
        obraUrl(obra._id, 'partes-trabajo', parte._id, 'pdf'),
        `parte-${parte.numero ?? 'borrador'}.pdf`,
        getAccessToken,
      );
    } catch (cause) {
      setError(errorDe(cause));
    }
  };

  const subirFoto = async (file: File | undefined) => {
    if (!file || !parte) return;
    setSubiendo(true);
    setError(undefined);
    try {
      const url = obraUrl(obra._id, 'partes-trabajo', parte._id, 'fotos');
      const { data } = await subirArchivo<{ data: FotoParte }>({
        url,
        campos: {},
        file,
        nombre: file.name,
        getAccessToken,
      });
      const miniatura = await miniaturaDe(file);
      if (miniatura)
        await subirArchivo({
          url: `${url}/${data._id}/miniatura`,
          campos: {},
          file: miniatura,
          nombre: 'miniatura.jpg',
          getAccessToken,
          method: 'PUT',
        }).catch(() => undefined);
      setAviso(P.fotoSubida);
      await fotos.refetch();
    } catch (cause) {
      setError(errorDe(cause));
    } finally {
      setSubiendo(false);
    }
  };

  const nombre = (operarioId: string) =>
    obra.equipo.find((m) => m.operarioId === operarioId)?.nombre ?? operarioId;

  return (
    <Modal show onHide={onHide} size="lg" scrollable aria-labelledby={`${id}-titulo`}>
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id={`${id}-titulo`}>
          {parte ? `${P.modalEditar} ${parte.numero ?? P.borrador}` : P.modalNuevo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {aviso && !error && (
          <Alert variant="success" role="status">
            {aviso}
          </Alert>
        )}
        {error && (
          <Alert variant="danger" role="alert">
            <div>{error.message}</div>
            {error.errors.length > 0 && (
              <ul className="mb-0 mt-2">
                {error.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {cerrado && parte ? (
          <ParteTrabajoDetalle parte={parte} />
        ) : (
          <fieldset disabled={ocupado}>
            <Row className="g-3">
              <Col xs={12} sm={6}>
                <Campo label={P.fecha} type="date" value={fecha} onChange={setFecha} />
              </Col>
              <Col xs={12} sm={6} className="d-flex align-items-end">
                <Form.Check
                  id={`${id}-cuerda`}
                  type="switch"
                  label={P.enCuerda}
                  checked={enCuerda}
                  onChange={(e) => setEnCuerda(e.target.checked)}
                />
              </Col>
              <Col xs={12}>
                <fieldset>
                  <legend className="fs-6 fw-semibold">{P.operarios}</legend>
                  {filas.map((fila, i) => (
                    <Row key={i} className="g-2 mb-2 align-items-center">
                      <Col xs={7}>
                        <Form.Select
                          aria-label={`${P.operarios} ${i + 1}`}
                          value={fila.operarioId}
                          onChange={(e) =>
                            setFilas(
                              filas.map((f, j) =>
                                j === i ? { ...f, operarioId: e.target.value } : f,
                              ),
                            )
                          }
                        >
                          <option value="">—</option>
                          {obra.equipo.map((m) => (
                            <option key={m.operarioId} value={m.operarioId}>
                              {m.nombre}
                            </option>
                          ))}
                        </Form.Select>
                      </Col>
                      <Col xs={3}>
                        <Form.Control
                          aria-label={`${P.horas} de ${nombre(fila.operarioId)}`}
                          type="number"
                          step="0.25"
                          min="0.25"
                          max="12"
                          value={fila.horas}
                          onChange={(e) =>
                            setFilas(
                              filas.map((f, j) => (j === i ? { ...f, horas: e.target.value } : f)),
                            )
                          }
                        />
                      </Col>
                      <Col xs={2}>
                        <Button
                          variant="outline-danger"
                          size="sm"
                          onClick={() => setFilas(filas.filter((_, j) => j !== i))}
                        >
                          {P.quitar}
                          <span className="visually-hidden"> {nombre(fila.operarioId)}</span>
                        </Button>
                      </Col>
                    </Row>
                  ))}
                  <div className="d-flex justify-content-between align-items-center">
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      onClick={() => setFilas([...filas, { operarioId: '', horas: '8' }])}
                    >
                      {P.anadirOperario}
                    </Button>
                    <span>
                      {P.total}: {formatNumero(total, 2)} h
                    </span>
                  </div>
                </fieldset>
              </Col>
              <Col xs={12}>
                <Form.Label htmlFor={`${id}-tareas`}>{P.tareas}</Form.Label>
                <Form.Control
                  id={`${id}-tareas`}
                  as="textarea"
                  rows={3}
                  value={tareas}
                  onChange={(e) => setTareas(e.target.value)}
                />
              </Col>
              <Col xs={12}>
                <fieldset>
                  <legend className="fs-6 fw-semibold">{P.incidencias}</legend>
                  {incidencias.map((inc, i) => (
                    <Row key={i} className="g-2 mb-2">
                      <Col xs={12} sm={4}>
                        <Form.Select
                          aria-label={`Tipo de incidencia ${i + 1}`}
                          value={inc.tipo}
                          onChange={(e) =>
                            setIncidencias(
                              incidencias.map((x, j) =>
                                j === i ? { ...x, tipo: e.target.value as TipoIncidencia } : x,
                              ),
                            )
                          }
                        >
                          {TIPOS_INCIDENCIA.map((t) => (
                            <option key={t} value={t}>
                              {TIPO_INCIDENCIA_LABEL[t]}
                            </option>
                          ))}
                        </Form.Select>
                      </Col>
                      <Col xs={12} sm={8}>
                        <Form.Control
                          aria-label={`Descripción de la incidencia ${i + 1}`}
                          value={inc.descripcion}
                          onChange={(e) =>
                            setIncidencias(
                              incidencias.map((x, j) =>
                                j === i ? { ...x, descripcion: e.target.value } : x,
                              ),
                            )
                          }
                        />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    onClick={() =>
                      setIncidencias([...incidencias, { tipo: 'meteorologia', descripcion: '' }])
                    }
                  >
                    {P.anadirIncidencia}
                  </Button>
                </fieldset>
              </Col>
              <Col xs={6} sm={4}>
                <Campo
                  label={P.viento}
                  type="number"
                  min="0"
                  max="200"
                  value={viento}
                  onChange={setViento}
                />
              </Col>
              <Col xs={6} sm={4} className="d-flex align-items-end">
                <Form.Check
                  id={`${id}-lluvia`}
                  label={P.lluvia}
                  checked={lluvia}
                  onChange={(e) => setLluvia(e.target.checked)}
                />
              </Col>
              <Col xs={12} sm={4}>
                <Campo
                  label={P.avance}
                  type="number"
                  min="0"
                  max="100"
                  value={avance}
                  onChange={setAvance}
                />
              </Col>
              <Col xs={12}>
                <Form.Label htmlFor={`${id}-obs`}>{P.observaciones}</Form.Label>
                <Form.Control
                  id={`${id}-obs`}
                  as="textarea"
                  rows={2}
                  value={observaciones}
                  onChange={(e) => setObservaciones(e.target.value)}
                />
              </Col>
            </Row>
          </fieldset>
        )}
        {parte && (
          <section className="mt-3" aria-label={P.fotos}>
            <h3 className="h6">{P.fotos}</h3>
            <div className="d-flex flex-wrap gap-2 mb-2">
              {(fotos.data ?? []).map((foto) => (
                <FotoMiniatura key={foto._id} url={foto.miniatura} nombre={foto.nombre} />
              ))}
            </div>
            {!cerrado && (
              <SelectorArchivo
                id={`${id}-foto`}
                label={P.subirFoto}
                boton={P.seleccionarFoto}
                accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
                disabled={ocupado}
                vaciar
                onChange={(files) => void subirFoto(files[0])}
              />
            )}
          </section>
        )}
        {cerrado && (
          <div className="mt-3">
            <Campo label={P.motivoReabrir} value={motivo} onChange={setMotivo} />
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {cerrado ? T.cerrar : T.cancelar}
        </Button>
        {cerrado ? (
          <>
            <Button variant="outline-secondary" onClick={() => void pdf()} disabled={ocupado}>
              {P.pdf}
            </Button>
            <Button variant="warning" onClick={() => void reabrir()} disabled={ocupado}>
              {P.reabrirParte}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline-primary" onClick={() => void guardar()} disabled={ocupado}>
              {P.guardarBorrador}
            </Button>
            <Button
              className="resource-accent-button"
              onClick={() => void cerrar()}
              disabled={ocupado}
            >
              {P.cerrarParte}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
};
