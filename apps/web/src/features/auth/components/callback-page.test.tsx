import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../../testing/render.js';
import { CallbackPage } from './callback-page.js';

const home = { path: '/', element: <p>Inicio</p> };

describe('CallbackPage', () => {
  it('shows the progress message while the SDK processes the response', () => {
    renderRoute(<CallbackPage />, {
      auth: { isLoading: true },
      path: '/callback?code=abc&state=xyz',
      routes: [home],
    });
    expect(screen.getByText('Completando inicio de sesión...')).toBeTruthy();
  });

  it('keeps waiting after loading when a response was processed: the SDK callback navigates', () => {
    renderRoute(<CallbackPage />, {
      auth: { isLoading: false, isAuthenticated: true },
      path: '/callback?code=abc&state=xyz',
      routes: [home],
    });
    expect(screen.getByText('Completando inicio de sesión...')).toBeTruthy();
    expect(screen.queryByText('Inicio')).toBeNull();
  });

  it('goes to the start page when there was nothing to process', async () => {
    const { router } = renderRoute(<CallbackPage />, { path: '/callback', routes: [home] });
    expect(await screen.findByText('Inicio')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the authentication error screen when the SDK failed, with a way back', async () => {
    const { router } = renderRoute(<CallbackPage />, {
      auth: { error: new Error('Invalid state') },
      path: '/callback?code=abc&state=xyz',
      routes: [home],
    });
    expect(screen.getByRole('heading', { name: 'Error de autenticación' })).toBeTruthy();
    expect(screen.getByText(/Invalid state/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(router.state.location.pathname).toBe('/');
  });
});
