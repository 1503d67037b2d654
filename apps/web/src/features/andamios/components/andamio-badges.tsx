import { Badge } from 'react-bootstrap';
import { INVENTARIO_MESSAGES as M, type Componente } from '@tvsistema/domain/inventario';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';

/** Activo / Inactivo, plus "Bajo mínimo" and "Sobrerreserva" (with its day and shortfall). */
export const AndamioBadges = ({ record }: { record: Componente }) => (
  <span className="d-inline-flex flex-wrap gap-1">
    <Badge bg={record.activo ? 'success' : 'secondary'} pill>
      {record.activo ? T.activo : T.inactivo}
    </Badge>
    {record.bajoMinimo && (
      <Badge bg="warning" text="dark" pill>
        {T.bajoMinimo}
      </Badge>
    )}
    {record.sobrerreserva && (
      <Badge
        bg="danger"
        pill
        title={M.sobrerreserva(record.sobrerreserva.faltan, record.sobrerreserva.fecha)}
      >
        {T.sobrerreserva}
        <span className="visually-hidden">
          {`: ${M.sobrerreserva(record.sobrerreserva.faltan, record.sobrerreserva.fecha)}`}
        </span>
      </Badge>
    )}
  </span>
);
