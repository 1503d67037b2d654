import { Badge } from 'react-bootstrap';
import { ESTADO_COMPRA_LABELS, type Compra } from '@tvsistema/domain';

// §5 badges as the invoices': Pendiente blue, Vencida red, Pagada green, Anulada dark.
const COLOR = {
  pendiente: 'primary',
  vencida: 'danger',
  pagada: 'success',
  anulada: 'dark',
} as const;

export const EstadoCompra = ({ compra }: { compra: Pick<Compra, 'estado' | 'vencida'> }) => {
  const estado = compra.vencida ? 'vencida' : compra.estado;
  return <Badge bg={COLOR[estado]}>{ESTADO_COMPRA_LABELS[estado]}</Badge>;
};
