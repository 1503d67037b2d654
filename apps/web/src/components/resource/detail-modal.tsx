import { useId, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

export type DetailModalProps = {
  title: string;
  show: boolean;
  onHide: () => void;
  /** Absent for users who may not edit. */
  editHref: string | undefined;
  /** The record's details; nothing while none is selected. */
  children?: ReactNode;
  /** More actions for the footer, before "Editar" (e.g. a document to download). */
  actions?: ReactNode;
};

/** The frame of a record's read-only details, opened from a list. */
export const DetailModal = ({
  title,
  show,
  onHide,
  editHref,
  children,
  actions,
}: DetailModalProps) => {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="lg"
      centered
      scrollable
      // The dialog is named by its title, so assistive technology announces what opened.
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      {children && <Modal.Body>{children}</Modal.Body>}
      <Modal.Footer>
        {actions}
        {editHref && (
          <Link to={editHref} className="btn btn-primary">
            {T.edit}
          </Link>
        )}
        <Button variant="secondary" onClick={onHide}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mb-3">
    <h3 className="h6 text-uppercase text-body-secondary border-bottom pb-1 mb-2">{title}</h3>
    {children}
  </section>
);

export const DetailField = ({ label, value }: { label: string; value: ReactNode }) => (
  <div className="mb-1">
    <span className="text-body-secondary">{label}: </span>
    <span className="text-break">{value}</span>
  </div>
);

export const NoData = () => <span className="fst-italic text-body-secondary">{T.noData}</span>;
