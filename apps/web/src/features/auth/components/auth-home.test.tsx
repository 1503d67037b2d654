import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@auth0/auth0-react';
import { createApiClient } from '../../../lib/api-client.js';
import { renderRoute } from '../../../testing/render.js';
import { AuthHome } from './auth-home.js';

const NS = 'https://tvsistema.es/';

const olga: User = {
  sub: 'auth0|operaciones',
  name: 'Olga Operaciones',
  email: 'operaciones@tvsistema.test',
  [`${NS}rol`]: 'operaciones',
  [`${NS}roles`]: ['operaciones', 'alquileres', 'transportes'],
};

const apiAnswering = (body: unknown, status = 200) =>
  createApiClient({
    getAccessToken: async () => 'token',
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  });

const itemsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('AuthHome', () => {
  it('waits for the identity SDK before showing anything', () => {
    renderRoute(<AuthHome />, { auth: { isLoading: true } });
    expect(screen.getByText('Verificando autenticación...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
  });

  it('signed out: shows the product and starts the login remembering the current page', async () => {
    const loginWithRedirect = vi.fn(async () => undefined);
    renderRoute(<AuthHome />, { auth: { loginWithRedirect }, path: '/?tab=2' });

    expect(screen.getByRole('heading', { name: 'TVSistema' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/?tab=2' } });
  });

  it('signed out: a failing login start shows an error and re-enables the button', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loginWithRedirect = vi.fn(async () => {
      throw new Error('blocked');
    });
    renderRoute(<AuthHome />, { auth: { loginWithRedirect } });

    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('No se pudo iniciar sesión. Inténtalo de nuevo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' }).hasAttribute('disabled')).toBe(
      false,
    );
    consoleError.mockRestore();
  });

  it('signed in: shows the name, the email, the token roles and the roles the API sees', async () => {
    renderRoute(<AuthHome />, {
      auth: { isAuthenticated: true, user: olga },
      api: apiAnswering({ sub: olga.sub, email: olga.email, roles: ['operaciones', 'alquileres'] }),
    });

    expect(screen.getByRole('heading', { name: 'Olga Operaciones' })).toBeTruthy();
    expect(screen.getByText('operaciones@tvsistema.test')).toBeTruthy();
    expect(itemsOf('token-roles')).toEqual(['operaciones', 'alquileres', 'transportes']);
    await screen.findByRole('list', { name: 'Roles según el servidor' });
    expect(itemsOf('api-roles')).toEqual(['operaciones', 'alquileres']);
  });

  it('signed in: the legacy maquinaria role also grants transportes', () => {
    renderRoute(<AuthHome />, {
      auth: {
        isAuthenticated: true,
        user: {
          name: 'Marcos Maquinaria',
          [`${NS}rol`]: 'maquinaria',
          [`${NS}roles`]: ['maquinaria'],
        },
      },
    });
    expect(itemsOf('token-roles')).toEqual(['maquinaria', 'transportes']);
  });

  it('signed in: shows the server message when the API refuses', async () => {
    renderRoute(<AuthHome />, {
      auth: { isAuthenticated: true, user: olga },
      api: apiAnswering({ message: 'Token inválido' }, 401),
    });
    expect(await screen.findByText('Token inválido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('signed in: "Cerrar Sesión" logs out back to the site origin', async () => {
    const logout = vi.fn(async () => undefined);
    renderRoute(<AuthHome />, { auth: { isAuthenticated: true, user: olga, logout } });

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));

    expect(logout).toHaveBeenCalledWith({ logoutParams: { returnTo: window.location.origin } });
  });
});
