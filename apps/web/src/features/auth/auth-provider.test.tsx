import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Auth0Context, initialContext, type Auth0ContextInterface } from '@auth0/auth0-react';
import { STORAGE_KEYS } from '@tvsistema/domain';
import { RuntimeConfigContext } from '../../lib/runtime-config.js';
import { testRuntimeConfig } from '../../testing/render.js';
import { AuthProvider } from './auth-provider.js';
import { useAuthContext, type AuthContextValue } from '../../lib/auth-context.js';

const NS = 'https://tvsistema.es/';

const renderProvider = (sdk: Partial<Auth0ContextInterface>, onSessionEnd = vi.fn()) => {
  let context: AuthContextValue | undefined;
  const Probe = () => {
    context = useAuthContext();
    return <p>Roles: {context.roles.join(', ')}</p>;
  };
  render(
    <RuntimeConfigContext value={testRuntimeConfig}>
      <Auth0Context
        value={{ ...initialContext, isLoading: false, ...sdk } as Auth0ContextInterface}
      >
        <AuthProvider onSessionEnd={onSessionEnd}>
          <Probe />
        </AuthProvider>
      </Auth0Context>
    </RuntimeConfigContext>,
  );
  if (!context) throw new Error('sin contexto');
  return { context, onSessionEnd };
};

const tokenError = (code: string) => Object.assign(new Error(code), { error: code });

describe('AuthProvider (SPEC 4.1, 5)', () => {
  it('normalises both role claims and derives the systems', () => {
    const { context } = renderProvider({
      isAuthenticated: true,
      user: {
        sub: 'auth0|marcos',
        name: 'Marcos Maquinaria',
        empresa: 'Transportes',
        [`${NS}rol`]: 'maquinaria',
        [`${NS}roles`]: ['maquinaria', 42, 'desconocido'],
      },
    });
    expect(context.roles).toEqual(['maquinaria', 'transportes']);
    expect(context.availableSystems).toEqual(['transportes']);
    expect(context.user).toEqual({
      sub: 'auth0|marcos',
      name: 'Marcos Maquinaria',
      empresa: 'Transportes',
    });
  });

  it('warns when a signed-in user has no role claims', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { context } = renderProvider({ isAuthenticated: true, user: { sub: 'auth0|sergio' } });
    expect(context.roles).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('login keeps the target system pending and carries it and the sanitised target', async () => {
    const loginWithRedirect = vi.fn(async () => undefined);
    const { context } = renderProvider({ loginWithRedirect });

    await context.login({ targetSystem: 'transportes', returnTo: '//evil.example' });

    expect(sessionStorage.getItem(STORAGE_KEYS.pendingSystem)).toBe('transportes');
    expect(loginWithRedirect).toHaveBeenCalledWith({
      appState: { targetSystem: 'transportes', returnTo: '/dashboard' },
    });
  });

  it('logout stores the current page, forgets the system and returns to the origin', async () => {
    window.history.replaceState(null, '', '/presupuestos?page=2');
    const logout = vi.fn(async () => undefined);
    const { context, onSessionEnd } = renderProvider({ isAuthenticated: true, logout });

    await context.logout();

    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBe('/presupuestos?page=2');
    expect(onSessionEnd).toHaveBeenCalledOnce();
    expect(logout).toHaveBeenCalledWith({ logoutParams: { returnTo: window.location.origin } });
  });

  it('logout from /select-system or /callback stores no return path', async () => {
    for (const path of ['/select-system?returnTo=%2Fobras', '/callback']) {
      window.history.replaceState(null, '', path);
      const { context } = renderProvider({ isAuthenticated: true, logout: vi.fn() });
      await context.logout();
      expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
    }
  });

  it('a lost session while getting a token logs out once, however many calls fail', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const logout = vi.fn(async () => undefined);
    const getAccessTokenSilently = vi.fn(async () => {
      throw tokenError('missing_refresh_token');
    }) as unknown as Auth0ContextInterface['getAccessTokenSilently'];
    const { context } = renderProvider({ isAuthenticated: true, logout, getAccessTokenSilently });

    await expect(context.getAccessToken()).rejects.toThrow('missing_refresh_token');
    await expect(context.getAccessToken()).rejects.toThrow('missing_refresh_token');

    expect(logout).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(
      'Problema con el token de autenticación. Cerrando sesión...',
      expect.any(Error),
    );
    warn.mockRestore();
  });

  it('other token failures are only passed on', async () => {
    const logout = vi.fn(async () => undefined);
    const getAccessTokenSilently = vi.fn(async () => {
      throw tokenError('timeout');
    }) as unknown as Auth0ContextInterface['getAccessTokenSilently'];
    const { context } = renderProvider({ isAuthenticated: true, logout, getAccessTokenSilently });

    await expect(context.getAccessToken()).rejects.toThrow('timeout');
    expect(logout).not.toHaveBeenCalled();
  });

  it('renewSession asks the provider for a fresh token, bypassing the cache', async () => {
    const getAccessTokenSilently = vi.fn(
      async () => 'nuevo',
    ) as unknown as Auth0ContextInterface['getAccessTokenSilently'];
    const { context } = renderProvider({ isAuthenticated: true, getAccessTokenSilently });
    await act(async () => context.renewSession?.());
    expect(getAccessTokenSilently).toHaveBeenCalledWith({ cacheMode: 'off' });
    expect(screen.getByText(/Roles:/)).toBeTruthy();
  });
});
