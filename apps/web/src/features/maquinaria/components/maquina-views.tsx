import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FaBolt,
  FaCalendarAlt,
  FaCogs,
  FaEuroSign,
  FaExclamationTriangle,
  FaTachometerAlt,
  FaTruckMonster,
} from 'react-icons/fa';
import {
  formatEuros,
  TIPO_MAQUINA,
  type Maquina,
  type MaquinaSortField,
  type TipoMaquina,
} from '@tvsistema/domain';
import type { CardLine } from '../../../components/resource/resource-cards.js';
import type { Column } from '../../../components/resource/resource-table.js';
import { RowActions } from '../../../components/resource/row-actions.js';
import type { ToolbarOption } from '../../../components/resource/toolbar-select.js';
import { formatHoras, proximaReservaTexto, avisosTexto, tarifasTexto } from '../utils/format.js';
import { AvisosBadge, EstadoMaquinaBadge } from './maquina-badges.js';

// What the machine list shows (inventario.md §5.1): card lines, table columns, sort choices.

export type MaquinaRowHandlers = {
  detailHref: (record: Maquina) => string;
  onView: (record: Maquina) => void;
  /** Absent for users without maquinaria.edit. */
  editHref: (record: Maquina) => string | undefined;
};

export const MAQUINA_SORT_OPTIONS: readonly ToolbarOption<string>[] = [
  { value: 'codigoInterno', label: 'Código (A-Z)' },
  { value: '-codigoInterno', label: 'Código (Z-A)' },
  { value: 'marca', label: 'Marca (A-Z)' },
  { value: '-marca', label: 'Marca (Z-A)' },
  { value: '-anio', label: 'Año (más recientes)' },
  { value: 'anio', label: 'Año (más antiguas)' },
  { value: '-horometro', label: 'Horómetro (más horas)' },
  { value: 'horometro', label: 'Horómetro (menos horas)' },
  { value: 'tarifaDia', label: 'Tarifa día (menor)' },
  { value: '-tarifaDia', label: 'Tarifa día (mayor)' },
  { value: '-updatedAt', label: 'Modificadas recientemente' },
];

const TIPO_ICONS: Partial<Record<TipoMaquina, ReactNode>> = {
  excavadora: <FaTruckMonster />,
  miniexcavadora: <FaTruckMonster />,
  dumper: <FaTruckMonster />,
  generador: <FaBolt />,
};
export const tipoIcon = (tipo: TipoMaquina): ReactNode => TIPO_ICONS[tipo] ?? <FaCogs />;

export const maquinaNombre = (r: Maquina) => `${r.marca} ${r.modelo}`;
export const maquinaDescripcion = (r: Maquina) =>
  `${TIPO_MAQUINA[r.tipo].label} · ${maquinaNombre(r)}`;

export const maquinaCardLines = (): readonly CardLine<Maquina>[] => [
  { id: 'maquina', icon: <FaCogs />, label: 'Máquina', value: maquinaDescripcion },
  {
    id: 'horometro',
    icon: <FaTachometerAlt />,
    label: 'Horómetro',
    value: (r) => formatHoras(r.horometro),
  },
  { id: 'tarifas', icon: <FaEuroSign />, label: 'Tarifas', value: (r) => tarifasTexto(r.tarifas) },
  {
    id: 'reserva',
    icon: <FaCalendarAlt />,
    label: 'Próxima reserva',
    value: (r) => proximaReservaTexto(r.proximaReserva) || 'Sin reservas',
  },
  {
    id: 'avisos',
    icon: <FaExclamationTriangle />,
    label: 'Avisos',
    value: (r) =>
      r.avisos.length
        ? `${avisosTexto(r.avisos.length)}: ${r.avisos.map((a) => a.mensaje).join('; ')}`
        : 'Sin avisos',
  },
];

export const maquinaActions =
  ({ onView, editHref }: MaquinaRowHandlers) =>
  (record: Maquina) => (
    <RowActions
      name={record.codigoInterno}
      onView={() => onView(record)}
      editHref={editHref(record)}
    />
  );

export const maquinaBadge = (record: Maquina) => <EstadoMaquinaBadge estado={record.estado} />;

export const maquinaColumns = (
  handlers: MaquinaRowHandlers,
): readonly Column<Maquina, MaquinaSortField>[] => [
  {
    id: 'codigo',
    header: 'Código',
    sortKey: 'codigoInterno',
    cellClassName: 'text-nowrap',
    cell: (r) => (
      <Link to={handlers.detailHref(r)} className="fw-semibold">
        {r.codigoInterno}
      </Link>
    ),
  },
  { id: 'maquina', header: 'Máquina', sortKey: 'marca', cell: maquinaDescripcion },
  { id: 'serie', header: 'Nº de serie', cellClassName: 'text-nowrap', cell: (r) => r.numeroSerie },
  { id: 'anio', header: 'Año', sortKey: 'anio', cell: (r) => r.anio },
  {
    id: 'horometro',
    header: 'Horómetro',
    sortKey: 'horometro',
    cellClassName: 'text-nowrap text-end',
    cell: (r) => formatHoras(r.horometro),
  },
  { id: 'estado', header: 'Estado', cell: maquinaBadge },
  {
    id: 'tarifa',
    header: 'Tarifa día',
    sortKey: 'tarifaDia',
    cellClassName: 'text-nowrap text-end',
    cell: (r) => formatEuros(r.tarifas.dia),
  },
  {
    id: 'reserva',
    header: 'Próxima reserva',
    cellClassName: 'text-nowrap',
    cell: (r) => proximaReservaTexto(r.proximaReserva) || '—',
  },
  { id: 'avisos', header: 'Avisos', cell: (r) => <AvisosBadge avisos={r.avisos} id={r._id} /> },
  {
    id: 'acciones',
    header: 'Acciones',
    headerClassName: 'text-end',
    cell: maquinaActions(handlers),
  },
];
