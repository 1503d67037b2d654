import { useState } from 'react';
import { Form } from 'react-bootstrap';
import {
  COMERCIAL_MESSAGES as M,
  compareDecimals,
  efectivoNoAdmitido,
  FORMA_PAGO_LABELS,
  FORMAS_PAGO,
  subtractDecimals,
  type Alquiler,
  type Fianza,
  type FianzaUpdate,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// comercial.md R21 from the rental's detail: "Registrar cobro de fianza" (fecha, forma de pago,
// the cash limit) and "Registrar devolución de fianza" (total, or with a partial or total
// retention and its motivo). Both PUT …/fianza with the rental's version; the server's refusals
// (stale version, the limit, the sum) stay in the modal as the other actions' do.

type Props = {
  alquiler: Alquiler;
  show: boolean;
  onHide: () => void;
  onConfirm: (body: FianzaUpdate) => Promise<unknown>;
};

const IMPORTE = /^\d{1,10}([.,]\d{1,2})?$/;
/** "300,00" or "300.00" as the API's "300.00"; undefined when it is no amount. */
const importeDe = (texto: string) =>
  IMPORTE.test(texto.trim()) ? texto.trim().replace(',', '.') : undefined;
/** An amount as typed in Spanish ("1.500,00" → "1500,00" in the field). */
const comoCampo = (importe: string) => importe.replace('.', ',');

export const FianzaCobroModal = ({ alquiler, show, onHide, onConfirm }: Props) => {
  const f = alquiler.fianza;
  const [fechaCobro, setFechaCobro] = useState(diaEnMadrid());
  const [formaPago, setFormaPago] = useState<string>(f.formaPago ?? 'transferencia');
  const limite = efectivoNoAdmitido(f.importe, formaPago);
  return (
    <AccionModal
      show={show}
      titulo={T.alquileres.cobroFianza}
      onHide={onHide}
      bloqueado={limite}
      onConfirm={() =>
        onConfirm({
          version: alquiler.version,
          estado: 'cobrada',
          fechaCobro,
          formaPago: formaPago as FianzaUpdate['formaPago'],
        })
      }
    >
      <p>{T.fianza.importe(formatEuros(f.importe))}</p>
      <Form.Group controlId="fianza-fecha-cobro" className="mb-3">
        <Form.Label>{T.fianza.fechaCobro}</Form.Label>
        <Form.Control
          type="date"
          value={fechaCobro}
          onChange={(e) => setFechaCobro(e.target.value)}
        />
      </Form.Group>
      <Form.Group controlId="alquiler-forma-pago">
        <Form.Label>{T.comun.formaPago}</Form.Label>
        <Form.Select
          value={formaPago}
          {...invalidProps('alquiler-forma-pago', limite ? M.efectivoLimite : undefined)}
          onChange={(e) => setFormaPago(e.target.value)}
        >
          {FORMAS_PAGO.map((fp) => (
            <option key={fp} value={fp}>
              {FORMA_PAGO_LABELS[fp]}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={errorIdOf('alquiler-forma-pago')}>
          {M.efectivoLimite}
        </Form.Control.Feedback>
      </Form.Group>
    </AccionModal>
  );
};

export const FianzaDevolucionModal = ({ alquiler, show, onHide, onConfirm }: Props) => {
  const f = alquiler.fianza;
  const [fechaDevolucion, setFechaDevolucion] = useState(diaEnMadrid());
  const [devuelto, setDevuelto] = useState(comoCampo(f.importe));
  const [retenido, setRetenido] = useState('0');
  const [motivo, setMotivo] = useState('');
  const [intentado, setIntentado] = useState(false);
  const retenidoImporte = importeDe(retenido);
  const reteniendo = retenidoImporte !== undefined && compareDecimals(retenidoImporte, 0) > 0;
  const faltaMotivo = reteniendo && motivo.trim() === '';

  /** Typing one amount fills the other with the rest of the fianza. */
  const resto = (texto: string) => {
    const importe = importeDe(texto);
    if (importe === undefined || compareDecimals(importe, f.importe) > 0) return undefined;
    return comoCampo(subtractDecimals(f.importe, importe));
  };
  const cambiarDevuelto = (texto: string) => {
    setDevuelto(texto);
    const otro = resto(texto);
    if (otro !== undefined) setRetenido(otro);
  };
  const cambiarRetenido = (texto: string) => {
    setRetenido(texto);
    const otro = resto(texto);
    if (otro !== undefined) setDevuelto(otro);
  };

  const confirmar = () => {
    setIntentado(true);
    if (faltaMotivo) return Promise.resolve(false);
    return onConfirm({
      version: alquiler.version,
      estado: reteniendo ? 'retenida' : 'devuelta',
      fechaDevolucion,
      importeDevuelto: importeDe(devuelto) ?? devuelto,
      importeRetenido: retenidoImporte ?? retenido,
      ...(reteniendo ? { motivoRetencion: motivo.trim() } : {}),
    });
  };

  return (
    <AccionModal
      show={show}
      titulo={T.alquileres.devolucionFianza}
      onHide={onHide}
      onConfirm={confirmar}
    >
      <p>{T.fianza.importe(formatEuros(f.importe))}</p>
      <Form.Group controlId="fianza-fecha-devolucion" className="mb-3">
        <Form.Label>{T.fianza.fechaDevolucion}</Form.Label>
        <Form.Control
          type="date"
          value={fechaDevolucion}
          onChange={(e) => setFechaDevolucion(e.target.value)}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId="fianza-devuelto" className="flex-grow-1">
          <Form.Label>{T.fianza.importeDevuelto}</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={devuelto}
            onChange={(e) => cambiarDevuelto(e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="fianza-retenido" className="flex-grow-1">
          <Form.Label>{T.fianza.importeRetenido}</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={retenido}
            onChange={(e) => cambiarRetenido(e.target.value)}
          />
        </Form.Group>
      </div>
      {reteniendo && (
        <Form.Group controlId="fianza-motivo">
          <Form.Label>{T.fianza.motivoRetencion}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            required
            value={motivo}
            {...invalidProps(
              'fianza-motivo',
              intentado && faltaMotivo ? M.motivoRetencion : undefined,
            )}
            onChange={(e) => setMotivo(e.target.value)}
          />
          <Form.Control.Feedback type="invalid" id={errorIdOf('fianza-motivo')}>
            {M.motivoRetencion}
          </Form.Control.Feedback>
        </Form.Group>
      )}
    </AccionModal>
  );
};

/** The Fianza card's lines after its cobro and devolución: when, how much back, what was kept. */
export const FianzaDetalle = ({ fianza: f }: { fianza: Fianza }) => (
  <>
    {f.fechaCobro && <p className="small mb-0">{T.fianza.cobrada(formatFecha(f.fechaCobro))}</p>}
    {f.fechaDevolucion && f.importeDevuelto !== null && (
      <p className="small mb-0">
        {T.fianza.devuelta(formatFecha(f.fechaDevolucion), formatEuros(f.importeDevuelto))}
      </p>
    )}
    {f.importeRetenido !== null && compareDecimals(f.importeRetenido, 0) > 0 && (
      <p className="small mb-0">
        {T.fianza.retenida(formatEuros(f.importeRetenido), f.motivoRetencion ?? '')}
      </p>
    )}
  </>
);
