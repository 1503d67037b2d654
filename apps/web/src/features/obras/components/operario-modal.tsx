import { useId, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import {
  ESQUEMA_CERTIFICACION_LABEL,
  ESQUEMAS_CERTIFICACION,
  formatFecha,
  RESULTADO_RECONOCIMIENTO_LABEL,
  RESULTADOS_RECONOCIMIENTO,
  sumarMeses,
  type EsquemaCertificacion,
  type Operario,
  type ResultadoReconocimiento,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { useSaveOperario } from '../api/operarios.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Campo } from './campo.js';

const O = T.operarios;

/** "IRATA N3 · vence 14/05/2027" (§5.5). */
export const certificacionDe = (o: Operario) => {
  const mejor = [...o.certificaciones].sort(
    (a, b) => b.nivel - a.nivel || b.fechaVencimiento.localeCompare(a.fechaVencimiento),
  )[0];
  return mejor
    ? `${ESQUEMA_CERTIFICACION_LABEL[mejor.esquema]} N${mejor.nivel} · vence ${formatFecha(mejor.fechaVencimiento)}`
    : undefined;
};

/** The PRL courses, "Trabajos en altura, Primeros auxilios" (§5.5). */
export const prlDe = (o: Operario) => o.formacionesPrl.map((f) => f.curso).join(', ') || undefined;

/** "Apto · vence 10/02/2027" (§5.5). */
export const reconocimientoDe = (o: Operario) =>
  o.reconocimientoMedico
    ? `${RESULTADO_RECONOCIMIENTO_LABEL[o.reconocimientoMedico.resultado]} · vence ${formatFecha(o.reconocimientoMedico.vencimiento)}`
    : undefined;

type Cert = {
  esquema: EsquemaCertificacion;
  nivel: string;
  numero: string;
  fechaEmision: string;
  fechaVencimiento: string;
};
type Prl = { curso: string; horas: string; fecha: string; vencimiento: string };

/** "Nuevo Operario" / "Editar Operario" (§5.5). */
export const OperarioModal = ({
  operario,
  onHide,
}: {
  operario: Operario | undefined;
  onHide: () => void;
}) => {
  const id = useId();
  const save = useSaveOperario(operario?._id);
  const [nombre, setNombre] = useState(operario?.nombre ?? '');
  const [apellidos, setApellidos] = useState(operario?.apellidos ?? '');
  const [documento, setDocumento] = useState(operario?.documento ?? '');
  const [telefono, setTelefono] = useState(operario?.telefono ?? '');
  const [correo, setCorreo] = useState(operario?.correo ?? '');
  const [activo, setActivo] = useState(operario?.activo ?? true);
  const [certs, setCerts] = useState<Cert[]>(
    operario?.certificaciones.map((c) => ({
      ...c,
      nivel: String(c.nivel),
      numero: c.numero ?? '',
    })) ?? [],
  );
  const [prl, setPrl] = useState<Prl[]>(
    operario?.formacionesPrl.map((f) => ({ ...f, vencimiento: f.vencimiento ?? '' })) ?? [],
  );
  const [rmFecha, setRmFecha] = useState(operario?.reconocimientoMedico?.fecha ?? '');
  const [rmResultado, setRmResultado] = useState<ResultadoReconocimiento>(
    operario?.reconocimientoMedico?.resultado ?? 'apto',
  );
  const [rmVence, setRmVence] = useState(operario?.reconocimientoMedico?.vencimiento ?? '');
  const [tpcNumero, setTpcNumero] = useState(operario?.tpc?.numero ?? '');
  const [tpcVence, setTpcVence] = useState(operario?.tpc?.vencimiento ?? '');
  const [error, setError] = useState<string[] | undefined>();

  const guardar = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({
        nombre,
        apellidos,
        documento,
        telefono,
        correo,
        activo,
        certificaciones: certs.map((c) => ({ ...c, nivel: Number(c.nivel) })),
        formacionesPrl: prl,
        reconocimientoMedico: rmFecha
          ? { fecha: rmFecha, resultado: rmResultado, vencimiento: rmVence || undefined }
          : undefined,
        tpc: tpcNumero ? { numero: tpcNumero, vencimiento: tpcVence } : undefined,
        ...(operario ? { version: operario.version } : {}),
      });
      onHide();
    } catch (cause) {
      setError(
        isApiError(cause) ? [cause.message, ...(cause.errors ?? []).map(String)] : [String(cause)],
      );
    }
  };

  return (
    <Modal show onHide={onHide} size="lg" scrollable aria-labelledby={`${id}-titulo`}>
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title as="h2" className="h5" id={`${id}-titulo`}>
          {operario ? O.editar : O.nuevo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            <ul className="mb-0">
              {error.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </Alert>
        )}
        <section aria-label={O.datos} className="mb-3">
          <h3 className="h6">{O.datos}</h3>
          <Row className="g-2">
            <Col xs={12} md={6}>
              <Campo compacto label={O.nombre} value={nombre} onChange={setNombre} />
            </Col>
            <Col xs={12} md={6}>
              <Campo compacto label={O.apellidos} value={apellidos} onChange={setApellidos} />
            </Col>
            <Col xs={12} md={4}>
              <Campo compacto label={O.documento} value={documento} onChange={setDocumento} />
            </Col>
            <Col xs={12} md={4}>
              <Campo compacto label={O.telefono} value={telefono} onChange={setTelefono} />
            </Col>
            <Col xs={12} md={4}>
              <Campo compacto label={O.correo} value={correo} onChange={setCorreo} type="email" />
            </Col>
            <Col xs={12}>
              <Form.Check
                id={`${id}-activo`}
                label={O.activo}
                checked={activo}
                onChange={(e) => setActivo(e.target.checked)}
              />
            </Col>
          </Row>
        </section>
        <section aria-label={O.certificaciones} className="mb-3">
          <h3 className="h6">{O.certificaciones}</h3>
          {certs.map((c, i) => {
            const set = (patch: Partial<Cert>) =>
              setCerts(certs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              <Row key={i} className="g-2 mb-2 align-items-end">
                <Col xs={6} md={2}>
                  <Form.Label htmlFor={`${id}-esq-${i}`} className="small mb-1">
                    {O.esquema}
                  </Form.Label>
                  <Form.Select
                    id={`${id}-esq-${i}`}
                    size="sm"
                    value={c.esquema}
                    onChange={(e) => set({ esquema: e.target.value as EsquemaCertificacion })}
                  >
                    {ESQUEMAS_CERTIFICACION.map((e) => (
                      <option key={e} value={e}>
                        {ESQUEMA_CERTIFICACION_LABEL[e]}
                      </option>
                    ))}
                  </Form.Select>
                </Col>
                <Col xs={6} md={2}>
                  <Form.Label htmlFor={`${id}-niv-${i}`} className="small mb-1">
                    {O.nivel}
                  </Form.Label>
                  <Form.Select
                    id={`${id}-niv-${i}`}
                    size="sm"
                    value={c.nivel}
                    onChange={(e) => set({ nivel: e.target.value })}
                  >
                    {['1', '2', '3'].map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Form.Select>
                </Col>
                <Col xs={12} md={2}>
                  <Campo
                    compacto
                    label={O.numero}
                    value={c.numero}
                    onChange={(v) => set({ numero: v })}
                  />
                </Col>
                <Col xs={6} md={3}>
                  <Campo
                    compacto
                    label={O.emision}
                    type="date"
                    value={c.fechaEmision}
                    // IRATA certificates last three years: the form proposes it (§2.4).
                    onChange={(v) =>
                      set({
                        fechaEmision: v,
                        ...(v && !c.fechaVencimiento
                          ? { fechaVencimiento: sumarMeses(v, 36) }
                          : {}),
                      })
                    }
                  />
                </Col>
                <Col xs={6} md={3}>
                  <Campo
                    compacto
                    label={O.vencimiento}
                    type="date"
                    value={c.fechaVencimiento}
                    onChange={(v) => set({ fechaVencimiento: v })}
                  />
                </Col>
              </Row>
            );
          })}
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              setCerts([
                ...certs,
                {
                  esquema: 'irata',
                  nivel: '1',
                  numero: '',
                  fechaEmision: '',
                  fechaVencimiento: '',
                },
              ])
            }
          >
            {O.anadirCertificacion}
          </Button>
        </section>
        <section aria-label={O.prl} className="mb-3">
          <h3 className="h6">{O.prl}</h3>
          {prl.map((f, i) => {
            const set = (patch: Partial<Prl>) =>
              setPrl(prl.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              <Row key={i} className="g-2 mb-2">
                <Col xs={12} md={5}>
                  <Campo
                    compacto
                    label={O.curso}
                    value={f.curso}
                    onChange={(v) => set({ curso: v })}
                  />
                </Col>
                <Col xs={4} md={2}>
                  <Campo
                    compacto
                    label={O.horas}
                    value={f.horas}
                    onChange={(v) => set({ horas: v })}
                  />
                </Col>
                <Col xs={4} md={2}>
                  <Campo
                    compacto
                    label={O.fecha}
                    type="date"
                    value={f.fecha}
                    onChange={(v) => set({ fecha: v })}
                  />
                </Col>
                <Col xs={4} md={3}>
                  <Campo
                    compacto
                    label={O.vencimiento}
                    type="date"
                    value={f.vencimiento}
                    onChange={(v) => set({ vencimiento: v })}
                  />
                </Col>
              </Row>
            );
          })}
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              setPrl([
                ...prl,
                { curso: 'PRL trabajos en altura', horas: '20', fecha: '', vencimiento: '' },
              ])
            }
          >
            {O.anadirPrl}
          </Button>
        </section>
        <section aria-label={O.reconocimiento} className="mb-3">
          <h3 className="h6">{O.reconocimiento}</h3>
          <Row className="g-2">
            <Col xs={12} md={4}>
              <Campo compacto label={O.fecha} type="date" value={rmFecha} onChange={setRmFecha} />
            </Col>
            <Col xs={12} md={4}>
              <Form.Label htmlFor={`${id}-rm`} className="small mb-1">
                {O.resultado}
              </Form.Label>
              <Form.Select
                id={`${id}-rm`}
                size="sm"
                value={rmResultado}
                onChange={(e) => setRmResultado(e.target.value as ResultadoReconocimiento)}
              >
                {RESULTADOS_RECONOCIMIENTO.map((r) => (
                  <option key={r} value={r}>
                    {RESULTADO_RECONOCIMIENTO_LABEL[r]}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={12} md={4}>
              <Campo
                compacto
                label={O.vencimiento}
                type="date"
                value={rmVence}
                onChange={setRmVence}
              />
            </Col>
          </Row>
        </section>
        <section aria-label={O.tpc}>
          <h3 className="h6">{O.tpc}</h3>
          <Row className="g-2">
            <Col xs={12} md={6}>
              <Campo compacto label={O.numero} value={tpcNumero} onChange={setTpcNumero} />
            </Col>
            <Col xs={12} md={6}>
              <Campo
                compacto
                label={O.vencimiento}
                type="date"
                value={tpcVence}
                onChange={setTpcVence}
              />
            </Col>
          </Row>
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {T.cancelar}
        </Button>
        <Button onClick={() => void guardar()} disabled={save.isPending}>
          {T.guardar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
