import { Badge } from 'react-bootstrap';
import type { ReactNode } from 'react';
import {
  FaCalendarAlt,
  FaShuttleVan,
  FaTachometerAlt,
  FaTrailer,
  FaTruck,
  FaTruckMoving,
  FaUser,
} from 'react-icons/fa';
import { Link } from 'react-router';
import {
  avisoDatosPendientes,
  datosObligatoriosPendientes,
  TIPO_CAMION_LABELS,
  type Camion,
  type CamionSortField,
  type TipoCamion,
} from '@tvsistema/domain';
import type { CardLine } from '../../../components/resource/resource-cards.js';
import type { Column } from '../../../components/resource/resource-table.js';
import { RowActions } from '../../../components/resource/row-actions.js';
import type { ToolbarOption } from '../../../components/resource/toolbar-select.js';
import { fecha, km, plazoTexto } from '../utils/format.js';
import { AptoBadge, EstadoCamionBadge, Matricula } from './camion-badges.js';

// What the fleet list shows (§5.1): card lines, table columns, sort choices.

export type CamionRowHandlers = {
  detailHref: (record: Camion) => string;
  onView: (record: Camion) => void;
  editHref: (record: Camion) => string | undefined;
};

export const CAMION_SORT_OPTIONS: readonly ToolbarOption<string>[] = [
  { value: 'matricula', label: 'Matrícula (A-Z)' },
  { value: '-matricula', label: 'Matrícula (Z-A)' },
  { value: 'tipo', label: 'Tipo' },
  { value: 'marca', label: 'Marca (A-Z)' },
  { value: 'estado', label: 'Estado' },
  { value: 'itvHasta', label: 'Próxima ITV' },
  { value: '-kmActual', label: 'Km (más)' },
  { value: '-updatedAt', label: 'Modificados recientemente' },
];

/** §5.1: the two nearest due items, red when overdue and yellow when próximo. */
const dosVencimientos = (r: Camion) =>
  r.vencimientos.length === 0 ? (
    'Sin vencimientos'
  ) : (
    <span className="d-flex flex-wrap gap-1">
      {r.vencimientos.slice(0, 2).map((v) => (
        <Badge
          key={`${v.concepto}-${v.fecha ?? v.fechaEstimada ?? ''}`}
          bg={v.estado === 'vencido' ? 'danger' : v.estado === 'proximo' ? 'warning' : 'light'}
          text={v.estado === 'vencido' ? undefined : 'dark'}
          className="text-wrap text-start fw-normal"
        >
          {`${v.concepto}: ${plazoTexto(v)}`}
        </Badge>
      ))}
    </span>
  );

const ICONO_TIPO: Record<TipoCamion, ReactNode> = {
  tractora: <FaTruckMoving />,
  rigido: <FaTruck />,
  furgoneta: <FaShuttleVan />,
  semirremolque: <FaTrailer />,
  remolque: <FaTrailer />,
};

/** §5.1 card title: the tipo's icon and the plate-style matrícula. */
export const camionCardTitle = (r: Camion) => (
  <span className="d-inline-flex align-items-center gap-2">
    <span aria-hidden="true" title={TIPO_CAMION_LABELS[r.tipo]}>
      {ICONO_TIPO[r.tipo]}
    </span>
    <Matricula texto={r.matriculaTexto} />
  </span>
);

export const camionCardLines: readonly CardLine<Camion>[] = [
  {
    id: 'vehiculo',
    icon: <FaTruck />,
    label: 'Vehículo',
    value: (r) => r.descripcion,
  },
  {
    id: 'conductor',
    icon: <FaUser />,
    label: 'Conductor',
    value: (r) => r.conductorHabitual?.nombre ?? 'Sin conductor habitual',
  },
  { id: 'km', icon: <FaTachometerAlt />, label: 'Km', value: (r) => km(r.kmActual) },
  { id: 'vencimientos', icon: <FaCalendarAlt />, label: 'Vencimientos', value: dosVencimientos },
];

export const camionCardBadge = (r: Camion) => (
  <span className="d-flex flex-wrap align-items-center gap-1">
    <EstadoCamionBadge estado={r.estado} />
    {!r.apto && <AptoBadge camion={r} />}
    <DatosPendientesBadge camion={r} />
  </span>
);

/** A vehicle lacking data required since it was written (§2.1): the warning in full on hover. */
const DatosPendientesBadge = ({ camion }: { camion: Camion }) => {
  const pendientes = datosObligatoriosPendientes(camion);
  if (pendientes.length === 0) return null;
  const aviso = avisoDatosPendientes(pendientes, 'lectura');
  return (
    <Badge bg="warning" text="dark" title={aviso}>
      <span aria-hidden="true">Faltan datos</span>
      <span className="visually-hidden">{aviso}</span>
    </Badge>
  );
};

export const camionActions =
  ({ onView, editHref }: CamionRowHandlers) =>
  (record: Camion) => (
    <RowActions
      name={record.matriculaTexto}
      onView={() => onView(record)}
      editHref={editHref(record)}
    />
  );

export const camionColumns = (
  handlers: CamionRowHandlers,
): readonly Column<Camion, CamionSortField>[] => [
  {
    id: 'matricula',
    header: 'Matrícula',
    sortKey: 'matricula',
    cellClassName: 'text-nowrap',
    cell: (r) => (
      <Link to={handlers.detailHref(r)} className="fw-semibold">
        <Matricula texto={r.matriculaTexto} />
      </Link>
    ),
  },
  { id: 'tipo', header: 'Tipo', sortKey: 'tipo', cell: (r) => TIPO_CAMION_LABELS[r.tipo] },
  {
    id: 'marca',
    header: 'Marca y modelo',
    sortKey: 'marca',
    cell: (r) => `${r.marca} ${r.modelo}`,
  },
  { id: 'conductor', header: 'Conductor', cell: (r) => r.conductorHabitual?.nombre ?? '—' },
  {
    id: 'km',
    header: 'Km',
    sortKey: 'kmActual',
    cellClassName: 'text-nowrap text-end',
    cell: (r) => km(r.kmActual),
  },
  {
    id: 'itv',
    header: 'Próxima ITV',
    sortKey: 'itvHasta',
    cellClassName: 'text-nowrap',
    cell: (r) => fecha(r.itvHasta),
  },
  {
    id: 'vencimientos',
    header: 'Vencimientos',
    cell: (r) =>
      r.vencimientos.length === 0 ? (
        '—'
      ) : (
        <Badge
          bg={r.vencimientos.some((v) => v.estado === 'vencido') ? 'danger' : 'warning'}
          text={r.vencimientos.some((v) => v.estado === 'vencido') ? undefined : 'dark'}
          title={r.vencimientos
            .slice(0, 2)
            .map((v) => `${v.concepto}: ${plazoTexto(v)}`)
            .join(' · ')}
        >
          {r.vencimientos.length}
        </Badge>
      ),
  },
  {
    id: 'estado',
    header: 'Estado',
    sortKey: 'estado',
    cell: (r) => (
      <span className="d-flex flex-wrap gap-1">
        <EstadoCamionBadge estado={r.estado} />
        {!r.apto && <AptoBadge camion={r} />}
        <DatosPendientesBadge camion={r} />
      </span>
    ),
  },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: camionActions(handlers),
  },
];
