import { Badge } from 'react-bootstrap';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

export const EstadoBadge = ({ activo }: { activo: boolean }) => (
  <Badge bg={activo ? 'success' : 'secondary'} pill>
    {activo ? T.activo : T.inactivo}
  </Badge>
);
