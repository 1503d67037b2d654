import { Badge, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { ESTADO_MAQUINA_LABELS, type Aviso, type EstadoMaquina } from '@tvsistema/domain';
import { avisosTexto } from '../utils/format.js';

const ESTADO_BG: Record<EstadoMaquina, string> = {
  disponible: 'success',
  alquilada: 'primary',
  en_taller: 'warning',
  baja: 'secondary',
};

/** §5.1 badges: Disponible green, Alquilada blue, En taller orange, Baja grey. */
export const EstadoMaquinaBadge = ({ estado }: { estado: EstadoMaquina }) => (
  <Badge bg={ESTADO_BG[estado]} pill className={`maquina-estado-${estado}`}>
    {ESTADO_MAQUINA_LABELS[estado]}
  </Badge>
);

/**
 * §5.1 Avisos: the count, red with any error (amber otherwise); hover or focus lists them. The
 * button carries the list in its name too, for screen readers and touch.
 */
export const AvisosBadge = ({ avisos, id }: { avisos: readonly Aviso[]; id: string }) => {
  if (avisos.length === 0) return <span className="text-body-secondary">—</span>;
  const error = avisos.some((aviso) => aviso.nivel === 'error');
  const lista = avisos.map((aviso) => aviso.mensaje).join('; ');
  return (
    <OverlayTrigger
      trigger={['hover', 'focus']}
      placement="left"
      overlay={
        <Tooltip id={`avisos-${id}`}>
          <ul className="list-unstyled mb-0 text-start">
            {avisos.map((aviso) => (
              <li key={aviso.codigo + aviso.mensaje}>{aviso.mensaje}</li>
            ))}
          </ul>
        </Tooltip>
      }
    >
      <button
        type="button"
        className="maquina-avisos-button"
        aria-label={`${avisosTexto(avisos.length)}: ${lista}`}
      >
        <Badge bg={error ? 'danger' : 'warning'} text={error ? undefined : 'dark'} pill>
          {avisos.length}
        </Badge>
      </button>
    </OverlayTrigger>
  );
};
