import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaFileCsv, FaPlus } from 'react-icons/fa';
import { useHeadingTitle } from '../../lib/page-title.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

/**
 * A list screen's title with its actions (export, new) on the right. A list shown in a tab of
 * another page (the verticales clients under /obras) titles itself one level below that page.
 */
export const ListHeader = ({
  title,
  actions,
  level = 1,
}: {
  title: string;
  actions?: ReactNode;
  level?: 1 | 2;
}) => {
  const Heading = level === 1 ? 'h1' : 'h2';
  // The page's h1 is its document title (issue 14).
  useHeadingTitle(level === 1 ? title : null);
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
      <Heading className={level === 1 ? 'h3 mb-0' : 'h5 mb-0'}>{title}</Heading>
      <div className="d-flex flex-wrap gap-2">{actions}</div>
    </div>
  );
};

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
