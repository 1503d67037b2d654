import { describe, expect, it } from 'vitest';
import { LIMITS, LOGIN_SCOPES } from './limits.js';
import { STORAGE_KEYS } from './session/storage-keys.js';
import { TIMINGS, countdownVariant } from './timings.js';

describe('TIMINGS (SPEC 4, 9)', () => {
  it('has the UI delays', () => {
    expect(TIMINGS).toMatchObject({
      roleCheck: 200,
      autoSelect: 300,
      redirect: 100,
      fallback: 800,
      switchPause: 150,
      saveRedirect: 900,
      modalCloseAfterSuccess: 1000,
      unauthorizedRedirect: 1000,
      guardDelay: 50,
      navigationLock: 2000,
      profileSuccess: 3000,
      simulatedSave: 800,
      clockTick: 1000,
      transition: 300,
    });
  });

  it('has the session, recovery and call timings', () => {
    expect(TIMINGS).toMatchObject({
      inactivityWarning: 600_000,
      countdown: 60_000,
      tokenCheck: 300_000,
      tokenExpiryMargin: 120_000,
      criticalErrorWindow: 30_000,
      criticalErrorThreshold: 2,
      criticalErrorReload: 1000,
      apiTimeout: 10_000,
      tokenRequestTimeout: 10_000,
      tokenRequestAttempts: 3,
      tokenLeeway: 60_000,
      cachedTokenEarlyExpiry: 60_000,
      silentTokenLockWait: 5000,
      silentTokenLockRetries: 10,
      popupTimeout: 60_000,
      silentFrameTimeout: 60_000,
      silentRenewalTimeout: 10_000,
      cachedCheckTimeout: 5000,
      sessionCookieLife: 86_400_000,
    });
  });
});

describe('countdownVariant (SPEC 4.5)', () => {
  it.each([
    [60, 'success'],
    [31, 'success'],
    [30, 'warning'],
    [16, 'warning'],
    [15, 'danger'],
    [0, 'danger'],
  ] as const)('%i s left → %s', (seconds, variant) => {
    expect(countdownVariant(seconds)).toBe(variant);
  });
});

describe('LIMITS (SPEC 5, 9)', () => {
  it('has the business limits', () => {
    expect(LIMITS.name).toEqual({ min: 2, max: 100 });
    expect(LIMITS.postalCode).toEqual({ min: 3, max: 20 });
    expect(LIMITS.documento).toEqual({ min: 5, max: 30 });
    expect(LIMITS.proveedores).toEqual({ defaultPageSize: 10, pageSizes: [10, 20, 30, 50] });
    expect(LIMITS.typeahead.newSelectionPrefix).toBe('Crear nuevo: ');
    expect(LIMITS.breakpoints).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
    expect(LOGIN_SCOPES.join(' ')).toBe('openid profile email offline_access');
  });

  it('names the storage keys of SPEC 3', () => {
    expect(STORAGE_KEYS.currentSystem).toBe('tvsistema_currentSystem');
    expect(STORAGE_KEYS.returnPath).toBe('returnPath');
  });
});
