import { describe, expect, it } from 'vitest';
import { SPECIAL_ROUTES, isSpecialRoute, shouldStoreReturnPath } from './special-routes.js';

describe('special routes (SPEC 2.1)', () => {
  it('are /callback, /select-system, /unauthorized, /not-found and /', () => {
    expect([...SPECIAL_ROUTES].sort()).toEqual(
      ['/', '/callback', '/not-found', '/select-system', '/unauthorized'].sort(),
    );
  });

  it.each([
    '/',
    '/callback?code=x&state=y',
    '/select-system?returnTo=%2Fclientes',
    '/unauthorized/',
    '/not-found',
  ])('%s is special', (path) => {
    expect(isSpecialRoute(path)).toBe(true);
  });

  it.each(['/dashboard', '/callbacks', '/select-system/extra', '/obras'])(
    '%s is not special',
    (path) => {
      expect(isSpecialRoute(path)).toBe(false);
    },
  );
});

describe('shouldStoreReturnPath (SPEC 2.4)', () => {
  it.each([
    '/',
    '/callback',
    '/callback?code=abc&state=def',
    '/select-system',
    '/select-system?returnTo=%2F',
    '/select-system/',
  ])('does not store %s', (path) => {
    expect(shouldStoreReturnPath(path)).toBe(false);
  });

  it.each(['/clientes?page=2', '/obras/crear', '/unauthorized'])('stores %s', (path) => {
    expect(shouldStoreReturnPath(path)).toBe(true);
  });

  it('does not store values that are not paths', () => {
    expect(shouldStoreReturnPath('https://evil.example/')).toBe(false);
    expect(shouldStoreReturnPath(null)).toBe(false);
  });
});
