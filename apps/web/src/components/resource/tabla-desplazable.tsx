import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';

/**
 * A table that may scroll sideways on a phone (a detail's tab): its scroll region is named and
 * takes the focus, so the keyboard can scroll it (axe: scrollable-region-focusable).
 */
export const TablaDesplazable = ({
  label,
  children,
  hover = false,
  className,
}: {
  label: string;
  children: ReactNode;
  hover?: boolean;
  className?: string;
}) => (
  <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
    <Table size="sm" hover={hover} className={className} aria-label={label}>
      {children}
    </Table>
  </div>
);
