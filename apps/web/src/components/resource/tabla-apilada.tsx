import type { ComponentProps, ReactNode } from 'react';
import { TablaDesplazable } from './tabla-desplazable.js';
import './resource.css';

/**
 * A table of a few records (a detail's tab, a short list) that, below 768 px, shows each row as
 * a labelled block with its actions on screen instead of a wide table scrolled sideways (issue
 * 14). Each cell says its column with `Celda`; the actions go in `CeldaAcciones`. Wider, it is an
 * ordinary table whose region scrolls with the keyboard (axe: scrollable-region-focusable).
 */
export const TablaApilada = ({ className, ...table }: ComponentProps<typeof TablaDesplazable>) => (
  <TablaDesplazable
    {...table}
    className={`tabla-apilada align-middle${className ? ` ${className}` : ''}`}
  />
);

/** A cell of a `TablaApilada`: on a phone its column's name shows before its value. */
export const Celda = ({
  etiqueta,
  className,
  title,
  children,
}: {
  /** The column's header text. */
  etiqueta: string;
  className?: string;
  title?: string;
  children?: ReactNode;
}) => (
  <td data-label={etiqueta} className={className} title={title}>
    {children}
  </td>
);

/** A row's actions in a `TablaApilada`: on a phone, a full-width line of buttons. */
export const CeldaAcciones = ({ children }: { children?: ReactNode }) => (
  <td className="tabla-apilada-acciones">
    <div className="d-flex flex-wrap gap-1 justify-content-md-end">{children}</div>
  </td>
);
