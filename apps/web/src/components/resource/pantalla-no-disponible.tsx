import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

/**
 * What a detail or form screen shows, inside its ResourcePage, when it cannot show its record (an
 * invalid id, not found, a failed load, a record that may not be edited): the screen's name as
 * the page's h1, so route focus lands on it and axe finds a heading (issue 14), the reason in an
 * alert, and a way back to the list.
 */
export const PantallaNoDisponible = ({
  titulo,
  children,
  id,
  volver = T.backToList,
  variant = 'danger',
}: {
  /** The screen's name, e.g. "Factura". */
  titulo: string;
  /** What went wrong (and, on a failed load, its "Reintentar"). */
  children: ReactNode;
  /**
   * The record's id as the URL spells it: "Volver a la lista" leads to the path before it
   * (`/transporte/compras/{id}/editar` → `/transporte/compras`).
   */
  id?: string | undefined;
  /** The way back's text when the module names its list ("Volver a la flota"). */
  volver?: string;
  variant?: 'danger' | 'warning';
}) => {
  const { pathname } = useLocation();
  const corte = id ? pathname.indexOf(`/${id}`) : -1;
  // `/albaranes/editar/{id}` leads back to `/albaranes`.
  const lista = corte > 0 ? pathname.slice(0, corte).replace(/\/editar$/, '') : '';
  return (
    <>
      <h1 className="h3 mb-3">{titulo}</h1>
      <Alert variant={variant} className="d-flex flex-wrap align-items-center gap-2">
        {children}
      </Alert>
      {lista && (
        <Link to={lista} className="btn btn-outline-secondary">
          {volver}
        </Link>
      )}
    </>
  );
};
