import { Badge, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { ESTADO_CAMION_LABELS, type Camion, type VencimientoItem } from '@tvsistema/domain';
import { plazoTexto } from '../utils/format.js';

// The fleet's badges (§5.1): estado (Activo green, En taller yellow, Baja grey), "No apto" with
// its motivos, and due items (red vencido, yellow próximo).

const ESTADO_BG = { activo: 'success', en_taller: 'warning', baja: 'secondary' } as const;

export const EstadoCamionBadge = ({ estado }: { estado: Camion['estado'] }) => (
  <Badge bg={ESTADO_BG[estado]} text={estado === 'en_taller' ? 'dark' : undefined}>
    {ESTADO_CAMION_LABELS[estado]}
  </Badge>
);

export const AptoBadge = ({ camion }: { camion: Camion }) =>
  camion.apto ? (
    <Badge bg="success">Apto</Badge>
  ) : (
    <OverlayTrigger
      placement="bottom"
      overlay={<Tooltip id={`no-apto-${camion._id}`}>{camion.motivosNoApto.join(' · ')}</Tooltip>}
    >
      <Badge bg="danger" tabIndex={0} aria-label={`No apto: ${camion.motivosNoApto.join('; ')}`}>
        No apto
      </Badge>
    </OverlayTrigger>
  );

export const VencimientoBadge = ({ item }: { item: VencimientoItem }) => (
  <Badge
    bg={item.estado === 'vencido' ? 'danger' : 'warning'}
    text={item.estado === 'vencido' ? undefined : 'dark'}
    className="text-wrap text-start"
  >
    {item.concepto}: {plazoTexto(item)}
  </Badge>
);

/** A plate as it reads on the vehicle. */
export const Matricula = ({ texto }: { texto: string }) => (
  <span className="flota-matricula">{texto}</span>
);
