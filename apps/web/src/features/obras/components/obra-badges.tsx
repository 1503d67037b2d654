import { Badge, ProgressBar } from 'react-bootstrap';
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

export const Avance = ({ progreso }: { progreso: number }) => (
  <ProgressBar
    now={progreso}
    label={`${progreso} %`}
    aria-label={`Avance ${progreso} %`}
    className="obra-progreso"
  />
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
