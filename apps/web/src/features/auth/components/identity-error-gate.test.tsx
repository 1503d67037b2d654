import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { landing, renderWithContexts, signedInAs } from '../../../testing/fake-contexts.js';
import { IdentityErrorGate } from './identity-error-gate.js';

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** The SDK's errors carry their OAuth code in `error`. */
const identityError = (code: string, message = `Fallo ${code}`) =>
  Object.assign(new Error(message), { error: code });

const renderGate = (error: Error, logout = vi.fn(async () => undefined)) => {
  const result = renderWithContexts(
    <IdentityErrorGate>
      <h1>Presupuestos</h1>
    </IdentityErrorGate>,
    {
      auth: signedInAs(['alquileres'], { error, logout }),
      path: '/presupuestos',
      routes: [landing('/unauthorized'), landing('/select-system')],
    },
  );
  return { ...result, logout };
};

describe('IdentityErrorGate (SPEC 4.1)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it.each(['access_denied', 'unauthorized'])(
    '%s: the app-level error screen, then /unauthorized after 1 s',
    async (code) => {
      const { router, logout } = renderGate(identityError(code, 'Acceso denegado'));
      expect(screen.getByRole('heading', { name: 'Error de autenticación' })).toBeTruthy();
      expect(screen.getByText('Acceso denegado')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Recargar página' })).toBeTruthy();
      await advance(999);
      expect(router.state.location.pathname).toBe('/presupuestos');
      await advance(1);
      expect(router.state.location.pathname).toBe('/unauthorized');
      expect(screen.getByText('En /unauthorized')).toBeTruthy();
      expect(logout).not.toHaveBeenCalled();
    },
  );

  it('"Reintentar" on the error screen goes back to the selection at once', async () => {
    const { router } = renderGate(identityError('access_denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await advance(0);
    expect(router.state.location.pathname).toBe('/select-system');
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/select-system');
  });

  it.each(['login_required', 'consent_required', 'invalid_token', 'missing_refresh_token'])(
    '%s: logs out, once',
    async (code) => {
      const { logout } = renderGate(identityError(code));
      await advance(0);
      expect(logout).toHaveBeenCalledOnce();
      expect(screen.getByRole('heading', { name: 'Presupuestos' })).toBeTruthy();
    },
  );

  it('any other error is logged and leads to /select-system', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, logout } = renderGate(identityError('timeout', 'Timeout when executing fetch'));
    await advance(0);
    expect(router.state.location.pathname).toBe('/select-system');
    expect(consoleError).toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
  });

  it('without an error it shows the page', () => {
    renderWithContexts(
      <IdentityErrorGate>
        <h1>Presupuestos</h1>
      </IdentityErrorGate>,
      { auth: signedInAs(['alquileres']), path: '/presupuestos' },
    );
    expect(screen.getByRole('heading', { name: 'Presupuestos' })).toBeTruthy();
  });
});
