import { useCallback, useEffect, useState } from 'react';
import {
  identityErrorOutcome,
  secondsLeft as secondsUntil,
  shouldRenewToken,
  TIMINGS,
} from '@tvsistema/domain';
import { appEvents } from '../../lib/app-events.js';
import { SessionModal } from './session-modal.js';
import { tokenExpiresAt } from './token-expiry.js';
import { useLastActivity } from './use-last-activity.js';

const TICK_MS = 1000;

export type SessionManagerProps = {
  isAuthenticated: boolean;
  logout: () => Promise<void>;
  getAccessToken: () => Promise<string>;
  /** Fresh token bypassing the cache; rejects when the session cannot be renewed. */
  renewSession?: (() => Promise<void>) | undefined;
  /** Injected by tests; the browser reload otherwise. */
  onReload?: () => void;
};

const reloadPage = () => window.location.reload();

/** The identity SDK's error code (`error` on its error objects), if any. */
const identityCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { error?: unknown }).error : undefined;

/**
 * SPEC 4.5 for a signed-in user: after 10 minutes without activity the warning opens with a 60 s
 * countdown and logs out at zero; "Mantener sesión" renews the token silently and closes it, and
 * only a failed renewal reloads the page (DESIGN decision 3). Every 5 minutes the token is
 * checked and renewed ahead of time while the user is active.
 */
export const SessionManager = ({
  isAuthenticated,
  logout,
  getAccessToken,
  renewSession,
  onReload = reloadPage,
}: SessionManagerProps) => {
  const activity = useLastActivity(isAuthenticated);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [renewing, setRenewing] = useState(false);

  // One tick a second: opens the warning, then drives its countdown.
  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      setDeadline((open) => {
        if (open !== null) return open;
        return current - activity.lastAt() >= TIMINGS.inactivityWarning
          ? current + TIMINGS.countdown
          : null;
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [isAuthenticated, activity]);

  const remaining = deadline === null ? null : secondsUntil(deadline, now);

  useEffect(() => {
    if (remaining === 0) void logout();
  }, [remaining, logout]);

  useEffect(() => {
    if (!isAuthenticated) return;
    const timer = setInterval(() => {
      void (async () => {
        let expiresAt: number | null;
        try {
          expiresAt = tokenExpiresAt(await getAccessToken());
        } catch (error) {
          // A lost session is already handled by the auth context's token-error rule.
          console.warn('No se pudo comprobar el token de acceso', error);
          return;
        }
        const input = { expiresAt, now: Date.now(), lastActivityAt: activity.lastAt() };
        if (!shouldRenewToken(input) || !renewSession) return;
        try {
          await renewSession();
        } catch (error) {
          // SPEC 4.1: a failed renewal reloads the page, unless the session is lost, which the
          // auth context is already signing out.
          if (identityErrorOutcome(identityCode(error)) === 'logout') return;
          console.warn('No se pudo renovar el token; se recarga la página', error);
          onReload();
        }
      })();
    }, TIMINGS.tokenCheck);
    return () => clearInterval(timer);
  }, [isAuthenticated, getAccessToken, renewSession, activity, onReload]);

  // SPEC 8: a 401 from the API says the token expired. One renewal answers a burst of them; if
  // the session cannot be renewed the user is signed out rather than left failing.
  useEffect(() => {
    if (!isAuthenticated) return;
    let renewing = false;
    return appEvents.on('token-expired', () => {
      if (renewing) return;
      renewing = true;
      void (async () => {
        try {
          if (!renewSession) throw new Error('Renovación no disponible');
          await renewSession();
        } catch (error) {
          // A lost session is already being signed out by the auth context.
          if (identityErrorOutcome(identityCode(error)) === 'logout') return;
          console.warn('El token expiró y no se pudo renovar; se cierra la sesión', error);
          await logout();
        } finally {
          renewing = false;
        }
      })();
    });
  }, [isAuthenticated, renewSession, logout]);

  const keepAlive = useCallback(async () => {
    setRenewing(true);
    try {
      if (!renewSession) throw new Error('Renovación no disponible');
      await renewSession();
      activity.touch(true);
      setDeadline(null);
    } catch (error) {
      // A lost session is being signed out by the auth context; a reload would cut that short.
      if (identityErrorOutcome(identityCode(error)) === 'logout') return;
      console.warn('No se pudo renovar la sesión; se recarga la página', error);
      onReload();
    } finally {
      setRenewing(false);
    }
  }, [renewSession, activity, onReload]);

  if (!isAuthenticated || remaining === null) return null;
  return (
    <SessionModal
      secondsLeft={remaining}
      renewing={renewing}
      onLogout={() => void logout()}
      onKeepAlive={() => void keepAlive()}
    />
  );
};
