import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaEdit, FaRegEye } from 'react-icons/fa';
import type { ParteRecord } from '../../features/partes/parte-record.js';

export type ParteActionsProps = {
  record: ParteRecord;
  onView: (record: ParteRecord) => void;
  /** Absent for users who may not edit. */
  editHref: string | undefined;
};

export const ParteActions = ({ record, onView, editHref }: ParteActionsProps) => (
  <div className="d-flex gap-1 justify-content-end">
    <Button
      size="sm"
      variant="outline-secondary"
      aria-label={`Ver detalles de ${record.nombre}`}
      title="Ver detalles"
      onClick={() => onView(record)}
    >
      <FaRegEye />
    </Button>
    {editHref && (
      <Link
        to={editHref}
        className="btn btn-sm btn-outline-primary"
        aria-label={`Editar ${record.nombre}`}
        title="Editar"
      >
        <FaEdit />
      </Link>
    )}
  </div>
);
