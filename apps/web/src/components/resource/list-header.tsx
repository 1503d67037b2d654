import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaFileCsv, FaPlus } from 'react-icons/fa';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

/** A list screen's title with its actions (export, new) on the right. */
export const ListHeader = ({ title, actions }: { title: string; actions?: ReactNode }) => (
  <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
    <h1 className="h3 mb-0">{title}</h1>
    <div className="d-flex flex-wrap gap-2">{actions}</div>
  </div>
);

export const ExportCsvButton = ({
  exporting,
  onExport,
}: {
  exporting: boolean;
  onExport: () => void;
}) => (
  <Button variant="outline-secondary" onClick={onExport} disabled={exporting}>
    <FaFileCsv aria-hidden="true" className="me-1" />
    {exporting ? T.exporting : T.exportCsv}
  </Button>
);

/** The "Nuevo …" link, in the system's accent colour. */
export const CreateLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className="btn btn-primary resource-accent-button">
    <FaPlus aria-hidden="true" className="me-1" />
    {children}
  </Link>
);
