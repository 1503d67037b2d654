import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { ROUTE_FOCUS_ATTRIBUTE, useRouteFocus } from './use-route-focus.js';

const Shell = () => {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/proveedores">Proveedores</Link>
        <Link to="/guardado">Guardado</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
};

const renderShell = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<h1>Inicio</h1>} />
          <Route
            path="proveedores"
            element={
              <>
                <h1>Gestión de Proveedores</h1>
                <input aria-label="Buscar" />
              </>
            }
          />
          <Route
            path="guardado"
            element={
              <>
                <div tabIndex={-1} {...{ [ROUTE_FOCUS_ATTRIBUTE]: '' }}>
                  Proveedor actualizado
                </div>
                <h1>Gestión de Proveedores</h1>
              </>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

describe('useRouteFocus (issue 14)', () => {
  it('leaves the first load alone', () => {
    renderShell();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus from the menu entry to the new screen’s h1', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Proveedores' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('prefers the element the screen marks, such as the banner of a save', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Guardado' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Proveedor actualizado'));
  });
});
