import { Badge } from 'react-bootstrap';
import {
  ESTADO_APTITUD_LABEL,
  ESTADO_OBRA_LABEL,
  type AptitudRecord,
  type EstadoObra,
} from '@tvsistema/domain';

// §5.5 colours: Presupuestada grey, Planificada blue, En curso magenta, Pausada yellow, Finalizada
// green, Cancelada dark.
const BG: Readonly<Record<EstadoObra, string>> = {
  presupuestada: 'secondary',
  planificada: 'primary',
  en_curso: 'obra-en-curso',
  pausada: 'warning',
  finalizada: 'success',
  cancelada: 'dark',
};

export const EstadoObraBadge = ({ estado }: { estado: EstadoObra }) => (
  <Badge bg={BG[estado]} text={estado === 'pausada' ? 'dark' : undefined}>
    {ESTADO_OBRA_LABEL[estado]}
  </Badge>
);

export const AlertaBadges = ({ alertas }: { alertas: readonly string[] }) =>
  alertas.length === 0 ? null : (
    <span className="d-inline-flex flex-wrap gap-1">
      {alertas.map((alerta) => (
        <Badge key={alerta} bg="danger">
          {alerta}
        </Badge>
      ))}
    </span>
  );

/** The progress bar, named on the element that carries role=progressbar (axe); the figure
 * beside it, so a short bar never hides white text on the grey track. */
export const Avance = ({ progreso }: { progreso: number }) => (
  <div className="d-flex align-items-center gap-2">
    <div className="progress obra-progreso flex-grow-1">
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={`Avance ${progreso} %`}
        aria-valuenow={progreso}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ width: `${progreso}%` }}
      />
    </div>
    <span className="small text-nowrap">{progreso} %</span>
  </div>
);

export const AptitudBadge = ({ aptitud }: { aptitud: AptitudRecord }) => (
  <Badge
    bg={
      aptitud.estado === 'no_apto'
        ? 'danger'
        : aptitud.estado === 'vence_pronto'
          ? 'warning'
          : 'success'
    }
    text={aptitud.estado === 'vence_pronto' ? 'dark' : undefined}
    title={aptitud.motivos.join(', ') || undefined}
  >
    {ESTADO_APTITUD_LABEL[aptitud.estado]}
  </Badge>
);
