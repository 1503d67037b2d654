import { Badge } from 'react-bootstrap';
import { ESTADO_FACTURA_LABELS, type Factura } from '@tvsistema/domain';

// §5: Borrador grey, Emitida blue, Vencida red, Cobrada green, Rectificada and Anulada dark, plus
// "Rectificada parcialmente".
const COLOR = {
  borrador: 'secondary',
  emitida: 'primary',
  vencida: 'danger',
  cobrada: 'success',
  rectificada: 'dark',
  anulada: 'dark',
} as const;

export const EstadoFactura = ({
  factura,
}: {
  factura: Pick<Factura, 'estado' | 'vencida' | 'rectificadaParcialmente'>;
}) => {
  const estado = factura.vencida ? 'vencida' : factura.estado;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <Badge bg={COLOR[estado]}>{ESTADO_FACTURA_LABELS[estado]}</Badge>
      {factura.rectificadaParcialmente && <Badge bg="dark">Rectificada parcialmente</Badge>}
    </span>
  );
};
