import { Badge } from 'react-bootstrap';
import { PARTE_UI_TEXTS as T } from '../../features/partes/parte-config.js';

export const EstadoBadge = ({ activo }: { activo: boolean }) => (
  <Badge bg={activo ? 'success' : 'secondary'} pill>
    {activo ? T.activo : T.inactivo}
  </Badge>
);
