import { Badge } from 'react-bootstrap';

// §5 badges: grey Borrador/Pendiente, blue Emitido, yellow En ruta, green Firmado/Entregado,
// teal Facturado, dark Anulado.
const ESTILO: Record<string, { bg: string; text?: 'dark' | 'light'; label: string }> = {
  borrador: { bg: 'secondary', label: 'Borrador' },
  pendiente: { bg: 'secondary', label: 'Pendiente' },
  emitido: { bg: 'primary', label: 'Emitido' },
  en_ruta: { bg: 'warning', text: 'dark', label: 'En ruta' },
  firmado: { bg: 'success', label: 'Firmado' },
  entregado: { bg: 'success', label: 'Entregado' },
  facturado: { bg: 'info', text: 'dark', label: 'Facturado' },
  anulado: { bg: 'dark', label: 'Anulado' },
};

export const EstadoAlbaranBadge = ({ estado }: { estado: string }) => {
  const e = ESTILO[estado] ?? { bg: 'secondary', label: estado };
  return (
    <Badge bg={e.bg} {...(e.text ? { text: e.text } : {})}>
      {e.label}
    </Badge>
  );
};

export const TipoBadge = ({ tipo }: { tipo: string }) => (
  <Badge bg={tipo === 'entrega' ? 'primary' : 'secondary'} className="fw-normal">
    {tipo === 'entrega' ? 'Entrega' : 'Recogida'}
  </Badge>
);
