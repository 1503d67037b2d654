import { Badge } from 'react-bootstrap';
import {
  ESTADO_ALQUILER_LABELS,
  ESTADO_PRESUPUESTO_LABELS,
  PENDIENTE_RECOGIDA_LABEL,
  type EstadoAlquiler,
  type EstadoPresupuesto,
} from '@tvsistema/domain';
import { formatEuros, formatFecha } from '@tvsistema/domain/format';

// §5 badges: each state in its colour.

const PRESUPUESTO_BG: Record<EstadoPresupuesto, string> = {
  borrador: 'secondary',
  enviado: 'primary',
  aceptado: 'success',
  rechazado: 'danger',
  caducado: 'warning',
};
const ALQUILER_BG: Record<EstadoAlquiler, string> = {
  reservado: 'info',
  en_curso: 'primary',
  devuelto_parcial: 'warning',
  finalizado: 'success',
  cancelado: 'secondary',
};
const texto = (bg: string) => (bg === 'warning' || bg === 'info' ? 'dark' : undefined);

export const PresupuestoBadge = ({ estado }: { estado: EstadoPresupuesto }) => (
  <Badge bg={PRESUPUESTO_BG[estado]} text={texto(PRESUPUESTO_BG[estado])} pill>
    {ESTADO_PRESUPUESTO_LABELS[estado]}
  </Badge>
);

/** R17: material under baja still on site, waiting for its recogida (never late). */
export const PendienteRecogidaBadge = () => (
  <Badge bg="dark" pill>
    {PENDIENTE_RECOGIDA_LABEL}
  </Badge>
);

export const AlquilerBadge = ({
  estado,
  retraso = 0,
  pendienteRecogida = false,
}: {
  estado: EstadoAlquiler;
  retraso?: number;
  pendienteRecogida?: boolean;
}) => (
  <span className="d-inline-flex flex-wrap gap-1">
    <Badge bg={ALQUILER_BG[estado]} text={texto(ALQUILER_BG[estado])} pill>
      {ESTADO_ALQUILER_LABELS[estado]}
    </Badge>
    {retraso > 0 && (
      <Badge bg="danger" pill>
        {`Retraso: ${retraso} ${retraso === 1 ? 'día' : 'días'}`}
      </Badge>
    )}
    {pendienteRecogida && <PendienteRecogidaBadge />}
  </span>
);

export const euros = (v: string | null | undefined) => (v ? formatEuros(v) : '—');
export const fecha = (v: string | null | undefined) => (v ? formatFecha(v) : '—');

/** §2.2, §2.4 a Contacto in one line: "Marta Vidal · 971 000 111 · marta@cala.test". */
export const textoContacto = (
  c: { nombre: string; telefono?: string | undefined; correo?: string | undefined } | null,
) => (c ? [c.nombre, c.telefono, c.correo].filter(Boolean).join(' · ') : '');
