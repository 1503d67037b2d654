import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { FaSort, FaSortDown, FaSortUp } from 'react-icons/fa';
import type { ListSort } from '../../lib/list-state.js';

/** One column of a list table; with a `sortKey` its header sorts the list by that field. */
export type Column<R, S extends string> = {
  id: string;
  /** Text, or a control of the whole column (e.g. a "select all" checkbox) when unsortable. */
  header: ReactNode;
  cell: (row: R) => ReactNode;
  sortKey?: S;
  headerClassName?: string;
  cellClassName?: string;
};

/**
 * One column's cell outside the table: a list's phone cards show the same actions as its
 * "Acciones" column (issue 14: the cards had lost Editar and PDF).
 */
export const cellOf = <R, S extends string>(
  columns: readonly Column<R, S>[],
  id: string,
  row: R,
): ReactNode => columns.find((column) => column.id === id)?.cell(row);

export type ResourceTableProps<R extends { _id: string }, S extends string> = {
  rows: readonly R[];
  columns: readonly Column<R, S>[];
  sort: ListSort<S>;
  onSort: (field: S) => void;
};

const SortableHeader = <S extends string>({
  field,
  label,
  sort,
  onSort,
}: {
  field: S;
  label: ReactNode;
  sort: ListSort<S>;
  onSort: (field: S) => void;
}) => {
  const active = sort.field === field;
  const Icon = !active ? FaSort : sort.direction === 'asc' ? FaSortUp : FaSortDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className="resource-sort-button" onClick={() => onSort(field)}>
        {label} <Icon aria-hidden="true" className={active ? '' : 'text-body-tertiary'} />
      </button>
    </th>
  );
};

/** A row's name as a button that opens its details: the largest target in the row. */
export const NameButton = ({ children, onClick }: { children: ReactNode; onClick: () => void }) => (
  <button type="button" className="resource-name-button" onClick={onClick}>
    {children}
  </button>
);

/** The table view of a list. */
export const ResourceTable = <R extends { _id: string }, S extends string>({
  rows,
  columns,
  sort,
  onSort,
}: ResourceTableProps<R, S>) => (
  <Table responsive hover className="align-middle mb-0 resource-table">
    <thead>
      <tr>
        {columns.map((column) =>
          column.sortKey ? (
            <SortableHeader
              key={column.id}
              field={column.sortKey}
              label={column.header}
              sort={sort}
              onSort={onSort}
            />
          ) : (
            <th key={column.id} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ),
        )}
      </tr>
    </thead>
    <tbody>
      {rows.map((row) => (
        <tr key={row._id}>
          {columns.map((column) => (
            <td key={column.id} className={column.cellClassName}>
              {column.cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  </Table>
);
