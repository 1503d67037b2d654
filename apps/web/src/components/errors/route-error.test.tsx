import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AuthError } from './auth-error.js';
import { CrashScreen } from './crash-screen.js';
import { PageError } from './page-error.js';
import { PageRouteError, RootRouteError } from './route-error.js';

const Broken = (): never => {
  throw new Error('fallo de prueba');
};

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        errorElement: <RootRouteError />,
        children: [
          { path: '/roto', element: <Broken /> },
          {
            element: (
              <>
                <nav>Barra</nav>
                <Outlet />
              </>
            ),
            children: [
              {
                errorElement: <PageRouteError />,
                children: [{ path: '/pagina', element: <Broken /> }],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
};

describe('error screens (SPEC 2.8)', () => {
  it('a page that fails inside the frame shows "Error en la página" and keeps the navbar', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/pagina');
    expect(screen.getByRole('heading', { name: 'Error en la página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.getByText('Barra')).toBeTruthy();
  });

  it('a failure outside the frame shows the crash screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/roto');
    expect(screen.getByRole('heading', { name: 'Ha ocurrido un error' })).toBeTruthy();
    expect(screen.getByText('fallo de prueba')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar aplicación' })).toBeTruthy();
  });

  it('the recovery buttons reload', async () => {
    const onReload = vi.fn();
    render(<CrashScreen onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recargar aplicación' }));
    render(<PageError onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(onReload).toHaveBeenCalledTimes(2);
  });

  it('the app-level error screen: "Error de autenticación", detail, "Reintentar" and "Recargar página"', async () => {
    const onRetry = vi.fn();
    const onReload = vi.fn();
    render(<AuthError message="Invalid state" onRetry={onRetry} onReload={onReload} />);
    expect(screen.getByRole('heading', { name: 'Error de autenticación' })).toBeTruthy();
    expect(screen.getByText('Invalid state')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Recargar página' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onReload).toHaveBeenCalledOnce();
  });
});
