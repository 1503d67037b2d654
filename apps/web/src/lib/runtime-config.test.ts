import { describe, expect, it } from 'vitest';
import { INVALID_RUNTIME_CONFIG_MESSAGE, parseRuntimeConfig } from './runtime-config.js';

const auth = {
  domain: 'http://localhost:3001',
  clientId: 'tvsistema-web',
  audience: 'https://api.tvsistema.es',
  claimsNamespace: 'https://tvsistema.es/',
};

describe('parseRuntimeConfig', () => {
  it('accepts the server payload, with or without an organization', () => {
    expect(parseRuntimeConfig({ auth })).toEqual({ auth });
    expect(parseRuntimeConfig({ auth: { ...auth, organization: 'org_1' } })).toEqual({
      auth: { ...auth, organization: 'org_1' },
    });
  });

  it('drops an empty organization', () => {
    expect(parseRuntimeConfig({ auth: { ...auth, organization: '' } })).toEqual({ auth });
  });

  it.each([
    ['no body', undefined],
    ['no auth', {}],
    ['a missing client id', { auth: { ...auth, clientId: undefined } }],
    ['an empty domain', { auth: { ...auth, domain: ' ' } }],
  ])('rejects %s', (_case, raw) => {
    expect(() => parseRuntimeConfig(raw)).toThrow(INVALID_RUNTIME_CONFIG_MESSAGE);
  });
});
