import { describe, expect, it } from 'vitest';
import { hasAuthorizationResponse, returnTargetFromAppState } from './return-target.js';

describe('returnTargetFromAppState', () => {
  it('goes to the start page without a requested target', () => {
    expect(returnTargetFromAppState(undefined)).toBe('/');
    expect(returnTargetFromAppState({})).toBe('/');
  });

  it('keeps a local target with its query', () => {
    expect(returnTargetFromAppState({ returnTo: '/proveedores?page=2' })).toBe(
      '/proveedores?page=2',
    );
  });

  it('refuses targets on another origin', () => {
    expect(returnTargetFromAppState({ returnTo: '//evil.example/x' })).not.toContain('evil');
    expect(returnTargetFromAppState({ returnTo: 'https://evil.example' })).not.toContain('evil');
  });

  it('never returns to the callback route itself', () => {
    expect(returnTargetFromAppState({ returnTo: '/callback?code=1&state=2' })).toBe('/');
  });
});

describe('hasAuthorizationResponse', () => {
  it('recognises a code or an error together with a state', () => {
    expect(hasAuthorizationResponse('?code=a&state=b')).toBe(true);
    expect(hasAuthorizationResponse('?error=access_denied&state=b')).toBe(true);
    expect(hasAuthorizationResponse('?code=a')).toBe(false);
    expect(hasAuthorizationResponse('')).toBe(false);
  });
});
