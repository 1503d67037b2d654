import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession } from '../../testing/session.js';
import { NotFoundPage } from './not-found-page.js';
import { UnauthorizedPage } from './unauthorized-page.js';

const otherRoutes = [
  { path: '/', element: <p>Página de inicio</p> },
  { path: '/clientes', element: <p>Página anterior</p> },
];

describe.each([
  {
    name: 'NotFoundPage',
    page: <NotFoundPage />,
    path: '/not-found',
    title: 'Página no encontrada',
    text: /no existe o ha sido movida/,
  },
  {
    name: 'UnauthorizedPage',
    page: <UnauthorizedPage />,
    path: '/unauthorized',
    title: 'Acceso no autorizado',
    text: /contacta con el administrador/,
  },
])('$name (SPEC 2.8)', ({ page, path, title, text }) => {
  it('shows its title and explanation', () => {
    renderWithSession(page, { path, routes: otherRoutes });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeDefined();
    expect(screen.getByText(text)).toBeDefined();
  });

  it('"Ir al inicio" goes to /', async () => {
    const { router } = renderWithSession(page, { path, routes: otherRoutes });
    await userEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Página de inicio')).toBeDefined();
  });

  it('"Volver atrás" goes one step back in history', async () => {
    const { router } = renderWithSession(page, {
      path,
      history: ['/clientes'],
      routes: otherRoutes,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Volver atrás' }));
    expect(router.state.location.pathname).toBe('/clientes');
  });
});

describe('NotFoundPage', () => {
  it('shows a large 404', () => {
    renderWithSession(<NotFoundPage />, { path: '/not-found' });
    expect(screen.getByText('404')).toBeDefined();
  });
});

describe('UnauthorizedPage', () => {
  it('says the user has no permission', () => {
    renderWithSession(<UnauthorizedPage />, { path: '/unauthorized' });
    expect(screen.getByText('No tienes permisos para acceder a esta página.')).toBeDefined();
  });
});
