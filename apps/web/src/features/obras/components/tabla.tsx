import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';

/**
 * A table that may scroll sideways on a phone: its scroll region is named and takes the focus,
 * so the keyboard can scroll it (axe: scrollable-region-focusable).
 */
export const Tabla = ({
  label,
  children,
  bordered = false,
  className,
}: {
  label: string;
  children: ReactNode;
  bordered?: boolean;
  className?: string;
}) => (
  <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
    <Table size="sm" hover={!bordered} bordered={bordered} className={className}>
      {children}
    </Table>
  </div>
);
