import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { appEvents } from '../../lib/app-events.js';
import { SessionManager, type SessionManagerProps } from './session-manager.js';

const MINUTE = 60_000;
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** An unsigned JWT whose only claim is its expiry. */
const tokenExpiringAt = (ms: number) =>
  `x.${btoa(JSON.stringify({ exp: Math.floor(ms / 1000) })).replace(/=+$/, '')}.y`;

const renderManager = (overrides: Partial<SessionManagerProps> = {}) => {
  const props: SessionManagerProps = {
    isAuthenticated: true,
    logout: vi.fn(async () => undefined),
    getAccessToken: vi.fn(async () => tokenExpiringAt(Date.now() + 60 * MINUTE)),
    renewSession: vi.fn(async () => undefined),
    onReload: vi.fn(),
    ...overrides,
  };
  render(
    <StrictMode>
      <SessionManager {...props} />
    </StrictMode>,
  );
  return props;
};

const countdown = () => screen.getByTestId('session-countdown');

describe('SessionManager (SPEC 2.15, 4.5)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('opens "Sesión por expirar" after 10 minutes without activity, not before', async () => {
    renderManager();
    await advance(10 * MINUTE - 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('dialog', { name: 'Sesión por expirar' })).toBeTruthy();
    expect(countdown().textContent).toBe('60');
    // The bar itself is named (axe: aria-progressbar-name), and says the seconds left.
    const bar = screen.getByRole('progressbar', { name: 'Tiempo restante de la sesión' });
    expect(bar.getAttribute('aria-valuetext')).toBe('60 segundos');
  });

  it('activity and API requests postpone the warning', async () => {
    renderManager();
    await advance(9 * MINUTE);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(5 * MINUTE);
    appEvents.emit('user-activity', { source: 'api-request' });
    await advance(9 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(MINUTE);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('counts down green above 30 s, yellow above 15 s, red below, and logs out at zero', async () => {
    const { logout } = renderManager();
    await advance(10 * MINUTE);
    expect(countdown().className).toContain('text-success');

    await advance(29_000);
    expect(countdown().textContent).toBe('31');
    expect(countdown().className).toContain('text-success');
    await advance(1_000);
    expect(countdown().textContent).toBe('30');
    expect(countdown().className).toContain('text-warning');

    await advance(14_000);
    expect(countdown().textContent).toBe('16');
    expect(countdown().className).toContain('text-warning');
    await advance(1_000);
    expect(countdown().className).toContain('text-danger');

    expect(logout).not.toHaveBeenCalled();
    await advance(15_000);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('"Cerrar sesión" logs out', async () => {
    const { logout } = renderManager();
    await advance(10 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('"Mantener sesión" renews the token and closes the warning without reloading', async () => {
    const { renewSession, onReload, logout } = renderManager();
    await advance(10 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Mantener sesión' }));
    await advance(0);
    expect(renewSession).toHaveBeenCalledOnce();
    expect(onReload).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The inactivity clock starts again from the renewal.
    await advance(9 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logout).not.toHaveBeenCalled();
  });

  it('"Mantener sesión" reloads the page only when the renewal fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { onReload } = renderManager({
      renewSession: vi.fn(async () => {
        throw Object.assign(new Error('timeout'), { error: 'timeout' });
      }),
    });
    await advance(10 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Mantener sesión' }));
    await advance(0);
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('"Mantener sesión" does not reload when the session is lost: the logout is under way', async () => {
    const { onReload } = renderManager({
      renewSession: vi.fn(async () => {
        throw Object.assign(new Error('login_required'), { error: 'login_required' });
      }),
    });
    await advance(10 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Mantener sesión' }));
    await advance(0);
    expect(onReload).not.toHaveBeenCalled();
  });

  it('every 5 minutes renews a token about to expire while the user is active', async () => {
    const expiresAt = Date.now() + 6 * MINUTE;
    const { renewSession } = renderManager({
      getAccessToken: vi.fn(async () => tokenExpiringAt(expiresAt)),
    });
    await advance(4 * MINUTE);
    fireEvent.pointerDown(window);
    await advance(MINUTE);
    // At 5 min the token still has 1 min left, under the 2-minute margin.
    expect(renewSession).toHaveBeenCalledOnce();
  });

  it('a failed proactive renewal reloads the page, unless the session is lost', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const expiresAt = Date.now() + 6 * MINUTE;
    const failing = (code: string) =>
      vi.fn(async () => {
        throw Object.assign(new Error(code), { error: code });
      });
    const first = renderManager({
      getAccessToken: vi.fn(async () => tokenExpiringAt(expiresAt)),
      renewSession: failing('timeout'),
    });
    const second = renderManager({
      getAccessToken: vi.fn(async () => tokenExpiringAt(expiresAt)),
      renewSession: failing('missing_refresh_token'),
    });
    await advance(4 * MINUTE);
    fireEvent.pointerDown(window);
    await advance(MINUTE);
    expect(first.onReload).toHaveBeenCalledOnce();
    expect(second.onReload).not.toHaveBeenCalled();
  });

  it('leaves a token with time to spare alone', async () => {
    const { renewSession, getAccessToken } = renderManager();
    await advance(5 * MINUTE);
    expect(getAccessToken).toHaveBeenCalledOnce();
    expect(renewSession).not.toHaveBeenCalled();
  });

  it('an API 401 (token expired) renews once for a burst, and signs out if that fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail: (error: Error) => void = () => undefined;
    const renewSession = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const { logout } = renderManager({ renewSession });

    appEvents.emit('token-expired', { message: 'El token de autenticación ha expirado' });
    appEvents.emit('token-expired', { message: 'El token de autenticación ha expirado' });
    expect(renewSession).toHaveBeenCalledOnce();
    expect(logout).not.toHaveBeenCalled();

    fail(new Error('Renovación rechazada'));
    await advance(0);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('an API 401 during a lost session leaves the sign-out to the auth context', async () => {
    const { logout } = renderManager({
      renewSession: vi.fn(async () => {
        throw Object.assign(new Error('missing_refresh_token'), { error: 'missing_refresh_token' });
      }),
    });
    appEvents.emit('token-expired', { message: 'El token de autenticación ha expirado' });
    await advance(0);
    expect(logout).not.toHaveBeenCalled();
  });

  it('an API 401 with a successful renewal keeps the session', async () => {
    const { renewSession, logout } = renderManager();
    appEvents.emit('token-expired', { message: 'El token de autenticación ha expirado' });
    await advance(0);
    expect(renewSession).toHaveBeenCalledOnce();
    expect(logout).not.toHaveBeenCalled();
  });

  it('does nothing while signed out', async () => {
    const { getAccessToken } = renderManager({ isAuthenticated: false });
    await advance(20 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getAccessToken).not.toHaveBeenCalled();
  });
});
