import { Table } from 'react-bootstrap';
import { FaSort, FaSortDown, FaSortUp } from 'react-icons/fa';
import type { ParteSortField } from '@tvsistema/domain';
import type { ParteRecord } from '../../features/partes/parte-record.js';
import { EstadoBadge } from './estado-badge.js';
import { contactSummary, locationSummary } from '../../features/partes/utils/format.js';
import type { ListSort } from '../../lib/list-state.js';
import { ParteActions } from './row-actions.js';

export type ParteTableProps = {
  records: readonly ParteRecord[];
  sort: ListSort;
  onSort: (field: ParteSortField) => void;
  onView: (record: ParteRecord) => void;
  editHref: (record: ParteRecord) => string | undefined;
};

const SortableHeader = ({
  field,
  label,
  sort,
  onSort,
}: {
  field: ParteSortField;
  label: string;
  sort: ListSort;
  onSort: (field: ParteSortField) => void;
}) => {
  const active = sort.field === field;
  const Icon = !active ? FaSort : sort.direction === 'asc' ? FaSortUp : FaSortDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className="partes-sort-button" onClick={() => onSort(field)}>
        {label} <Icon aria-hidden="true" className={active ? '' : 'text-body-tertiary'} />
      </button>
    </th>
  );
};

export const ParteTable = ({ records, sort, onSort, onView, editHref }: ParteTableProps) => (
  <Table responsive hover className="align-middle mb-0 partes-table">
    <thead>
      <tr>
        <SortableHeader field="nombre" label="Nombre" sort={sort} onSort={onSort} />
        <SortableHeader field="documento" label="Documento" sort={sort} onSort={onSort} />
        <th scope="col">Contacto</th>
        <th scope="col">Ubicación</th>
        <th scope="col">Estado</th>
        <th scope="col" className="text-end">
          Acciones
        </th>
      </tr>
    </thead>
    <tbody>
      {records.map((record) => (
        <tr key={record._id}>
          <td>
            {/* The name opens the details too: the largest target in the row. */}
            <button type="button" className="partes-name-button" onClick={() => onView(record)}>
              {record.nombre}
            </button>
          </td>
          <td className="text-nowrap">{record.documento ?? '—'}</td>
          <td>{contactSummary(record.contactos) || '—'}</td>
          <td>{locationSummary(record.direccion) || '—'}</td>
          <td>
            <EstadoBadge activo={record.activo} />
          </td>
          <td>
            <ParteActions record={record} onView={onView} editHref={editHref(record)} />
          </td>
        </tr>
      ))}
    </tbody>
  </Table>
);
