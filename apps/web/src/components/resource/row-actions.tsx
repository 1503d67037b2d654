import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaEdit, FaRegEye } from 'react-icons/fa';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

export type RowActionsProps = {
  /** The record's name, for the buttons' accessible names. */
  name: string;
  onView: () => void;
  /** Absent for users who may not edit. */
  editHref: string | undefined;
};

/** A card's or row's view and edit buttons. */
export const RowActions = ({ name, onView, editHref }: RowActionsProps) => (
  <div className="d-flex gap-1 justify-content-end">
    <Button
      size="sm"
      variant="outline-secondary"
      aria-label={T.viewDetailsOf(name)}
      title={T.viewDetails}
      onClick={onView}
    >
      <FaRegEye />
    </Button>
    {editHref && (
      <Link
        to={editHref}
        className="btn btn-sm btn-outline-primary"
        aria-label={T.editName(name)}
        title={T.edit}
      >
        <FaEdit />
      </Link>
    )}
  </div>
);
