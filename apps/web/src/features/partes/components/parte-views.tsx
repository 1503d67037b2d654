import { FaIdCard, FaMapMarkerAlt, FaUser } from 'react-icons/fa';
import type { ParteSortField } from '@tvsistema/domain';
import { EstadoBadge } from '../../../components/resource/estado-badge.js';
import type { CardLine } from '../../../components/resource/resource-cards.js';
import { NameButton, type Column } from '../../../components/resource/resource-table.js';
import { RowActions } from '../../../components/resource/row-actions.js';
import type { ToolbarOption } from '../../../components/resource/toolbar-select.js';
import type { ParteRecord } from '../parte-record.js';
import { contactSummary, locationSummary } from '../utils/format.js';

// What the party lists show: the card lines, the table columns and the sort choices.

export type ParteRowHandlers = {
  onView: (record: ParteRecord) => void;
  editHref: (record: ParteRecord) => string | undefined;
};

export const PARTE_SORT_OPTIONS: readonly ToolbarOption<string>[] = [
  { value: 'nombre', label: 'Nombre (A-Z)' },
  { value: '-nombre', label: 'Nombre (Z-A)' },
  { value: 'documento', label: 'Documento (A-Z)' },
  { value: '-documento', label: 'Documento (Z-A)' },
  { value: '-createdAt', label: 'Más recientes' },
  { value: '-updatedAt', label: 'Modificados recientemente' },
];

export const PARTE_CARD_LINES: readonly CardLine<ParteRecord>[] = [
  { id: 'documento', icon: <FaIdCard />, label: 'Documento', value: (r) => r.documento ?? '' },
  {
    id: 'contacto',
    icon: <FaUser />,
    label: 'Contacto',
    value: (r) => contactSummary(r.contactos),
  },
  {
    id: 'ubicacion',
    icon: <FaMapMarkerAlt />,
    label: 'Ubicación',
    value: (r) => locationSummary(r.direccion),
  },
];

export const parteActions =
  ({ onView, editHref }: ParteRowHandlers) =>
  (record: ParteRecord) => (
    <RowActions name={record.nombre} onView={() => onView(record)} editHref={editHref(record)} />
  );

export const parteBadge = (record: ParteRecord) => <EstadoBadge activo={record.activo} />;

export const parteColumns = (
  handlers: ParteRowHandlers,
): readonly Column<ParteRecord, ParteSortField>[] => [
  {
    id: 'nombre',
    header: 'Nombre',
    sortKey: 'nombre',
    cell: (r) => <NameButton onClick={() => handlers.onView(r)}>{r.nombre}</NameButton>,
  },
  {
    id: 'documento',
    header: 'Documento',
    sortKey: 'documento',
    cellClassName: 'text-nowrap',
    cell: (r) => r.documento ?? '—',
  },
  { id: 'contacto', header: 'Contacto', cell: (r) => contactSummary(r.contactos) || '—' },
  { id: 'ubicacion', header: 'Ubicación', cell: (r) => locationSummary(r.direccion) || '—' },
  { id: 'estado', header: 'Estado', cell: parteBadge },
  { id: 'acciones', header: 'Acciones', headerClassName: 'text-end', cell: parteActions(handlers) },
];
