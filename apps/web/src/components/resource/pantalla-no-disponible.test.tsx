import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PantallaNoDisponible } from './pantalla-no-disponible.js';

// Issue 14: a screen that cannot show its record still has its h1 (route focus lands on it, axe
// page-has-heading-one), says why, and leads back to the list.

const renderAt = (path: string, id: string | undefined) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PantallaNoDisponible titulo="Compra" id={id}>
        Compra no encontrada
      </PantallaNoDisponible>
    </MemoryRouter>,
  );

describe('PantallaNoDisponible', () => {
  it('titles the screen, shows the reason and links back to the list before the id', () => {
    renderAt('/transporte/compras/no-es-un-id/editar', 'no-es-un-id');
    expect(screen.getByRole('heading', { level: 1, name: 'Compra' })).toBeTruthy();
    expect(screen.getByText('Compra no encontrada').closest('.alert-danger')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe(
      '/transporte/compras',
    );
  });

  it('leads from /albaranes/editar/{id} to /albaranes, and offers no link without an id', () => {
    const { unmount } = renderAt('/albaranes/editar/x1', 'x1');
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe(
      '/albaranes',
    );
    unmount();
    renderAt('/conceptos/nueva?desde=x1', undefined);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
