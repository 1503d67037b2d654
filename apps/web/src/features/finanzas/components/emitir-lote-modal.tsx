import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import type { Factura } from '@tvsistema/domain';
import { formatEuros } from '@tvsistema/domain/format';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { FACTURAS_API } from '../api/finanzas-api.js';
import { TL } from '../finanzas-texts.js';

type Resultado = {
  data: { id: string; numero: string }[];
  errores: { id: string; message: string }[];
};

/** How a draft is named before it has a number: its client and total. */
export const nombreBorrador = (f: Pick<Factura, 'cliente' | 'importeTotal'>) =>
  TL.borradorDe(f.cliente.nombre, formatEuros(f.importeTotal));

/**
 * finanzas.md §5: "Emitir N facturas" asks first, then issues the chosen drafts through
 * `POST /api/facturas/emitir-lote` and shows "Emitidas: N · Con errores: M" with each error.
 */
export const EmitirLoteModal = ({
  borradores,
  onClose,
  onEmitidas,
}: {
  borradores: readonly Factura[];
  onClose: () => void;
  /** After the API answered (some may have been issued): the list reloads and forgets them. */
  onEmitidas: () => void;
}) => {
  const api = useApiClient();
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nombres = new Map(borradores.map((f) => [f._id, nombreBorrador(f)]));
  const emitir = async () => {
    setEnviando(true);
    setError(null);
    try {
      const r = await api.post<Resultado>(`${FACTURAS_API}/emitir-lote`, {
        ids: borradores.map((f) => f._id),
      });
      setResultado(r);
      onEmitidas();
    } catch (e) {
      setError(serverMessageOr(e, TL.error));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal show onHide={onClose} aria-labelledby="emitir-lote-titulo">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="emitir-lote-titulo">{TL.titulo(borradores.length)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        {resultado ? (
          <div role="status">
            <p className="fw-semibold">
              {TL.resultado(resultado.data.length, resultado.errores.length)}
            </p>
            {resultado.data.length > 0 && (
              <p className="mb-2">{resultado.data.map((d) => d.numero).join(', ')}</p>
            )}
            {resultado.errores.length > 0 && (
              <ul className="mb-0 text-danger">
                {resultado.errores.map((e) => (
                  <li key={e.id}>
                    <strong>{nombres.get(e.id) ?? e.id}</strong>: {e.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <>
            <p>{TL.texto}</p>
            <ul className="mb-0">
              {borradores.map((f) => (
                <li key={f._id}>{nombres.get(f._id)}</li>
              ))}
            </ul>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {resultado ? (
          <Button onClick={onClose}>Cerrar</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => void emitir()} disabled={enviando}>
              {enviando ? TL.emitiendo : 'Emitir'}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
};
