import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { T } from '../logistica-texts.js';

// §5 Signature: a full-screen modal with a pointer-events canvas (mouse, pen, finger). The
// drawing is 600 × 200 px on a white background whatever the screen shows, so the stored PNG is
// always the same size.

const ANCHO = 600;
const ALTO = 200;

export type FirmaDatos = { nombre: string; dni: string; imagen: string };

export const FirmaModal = ({
  show,
  titulo,
  resumen,
  declaracion,
  responsable,
  onHide,
  onGuardar,
  guardando,
  error,
  onSinFirma,
}: {
  show: boolean;
  titulo: string;
  resumen: string;
  declaracion: string;
  responsable: string;
  onHide: () => void;
  onGuardar: (firma: FirmaDatos) => void;
  guardando: boolean;
  error?: React.ReactNode;
  /** Transport: "Entregar sin firma" with its reason (R13). */
  onSinFirma?: (motivo: string) => void;
}) => {
  const [motivoSinFirma, setMotivoSinFirma] = useState('');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const dibujando = useRef(false);
  const [trazos, setTrazos] = useState(0);
  const [nombre, setNombre] = useState('');
  const [dni, setDni] = useState('');
  const [aviso, setAviso] = useState<string>();

  const limpiar = () => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, ANCHO, ALTO);
    setTrazos(0);
  };
  useEffect(() => {
    if (show) requestAnimationFrame(limpiar);
  }, [show]);

  const punto = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) * ANCHO) / r.width,
      y: ((e.clientY - r.top) * ALTO) / r.height,
    };
  };
  const empezar = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dibujando.current = true;
    const { x, y } = punto(e);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const mover = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!dibujando.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const { x, y } = punto(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const terminar = () => {
    if (dibujando.current) setTrazos((n) => n + 1);
    dibujando.current = false;
  };

  const guardar = () => {
    if (trazos === 0 || !canvas.current) {
      setAviso(T.firma.vacia);
      return;
    }
    setAviso(undefined);
    onGuardar({ nombre, dni, imagen: canvas.current.toDataURL('image/png') });
  };

  return (
    <Modal show={show} onHide={onHide} fullscreen aria-labelledby="firma-titulo">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="firma-titulo" as="h2" className="h5">
          {titulo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">{resumen}</p>
        {error}
        {aviso && <Alert variant="warning">{aviso}</Alert>}
        <Form.Group className="mb-2" controlId="firma-nombre">
          <Form.Label>{T.firma.nombre}</Form.Label>
          <Form.Control
            value={nombre}
            onChange={(e) => setNombre(e.target.value)}
            autoComplete="name"
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId="firma-dni">
          <Form.Label>{T.firma.dni}</Form.Label>
          <Form.Control value={dni} onChange={(e) => setDni(e.target.value)} autoComplete="off" />
        </Form.Group>
        <p className="mb-1 small" id="firma-recuadro">
          {T.firma.recuadro}
        </p>
        <canvas
          ref={canvas}
          width={ANCHO}
          height={ALTO}
          role="img"
          aria-label="Recuadro de firma"
          aria-describedby="firma-recuadro"
          className="firma-canvas"
          onPointerDown={empezar}
          onPointerMove={mover}
          onPointerUp={terminar}
          onPointerCancel={terminar}
          onPointerLeave={terminar}
        />
        <p className="mt-2 mb-1">{declaracion}</p>
        <p className="small text-body-secondary mb-0">{T.firma.rgpd(responsable)}</p>
        {onSinFirma && (
          <Form.Group className="mt-3" controlId="firma-sin-firma">
            <Form.Label>Motivo</Form.Label>
            <Form.Control
              value={motivoSinFirma}
              maxLength={500}
              aria-describedby="firma-sin-firma-ayuda"
              onChange={(e) => setMotivoSinFirma(e.target.value)}
            />
            <Form.Text id="firma-sin-firma-ayuda">
              Por qué se entrega sin firma (entre 10 y 500 caracteres).
            </Form.Text>
            <Button
              className="mt-2"
              variant="outline-primary"
              disabled={guardando}
              onClick={() => onSinFirma(motivoSinFirma)}
            >
              Entregar sin firma
            </Button>
          </Form.Group>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={limpiar}>
          {T.firma.borrar}
        </Button>
        <Button variant="outline-secondary" onClick={onHide}>
          Cancelar
        </Button>
        <Button variant="primary" onClick={guardar} disabled={guardando}>
          {guardando ? 'Guardando…' : T.firma.guardar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
