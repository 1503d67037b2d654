import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.js';

const configError = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('loadConfig', () => {
  test('with an empty environment uses the embedded provider and the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      logLevel: 'info',
      rateLimitMax: 600,
      rateLimitAddressMax: 3000,
      trustProxy: false,
      demoData: true,
      auth: {
        domain: 'http://localhost:3001',
        issuer: 'http://localhost:3001/',
        jwksUrl: 'http://localhost:3001/.well-known/jwks.json',
        clientId: 'tvsistema-web',
        audience: 'https://api.tvsistema.es',
        claimsNamespace: 'https://tvsistema.es/',
        embedded: true,
      },
    });
  });

  test('treats empty values (NAME= in .env) as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      AUTH_DOMAIN: '',
      AUTH_CLIENT_ID: '',
      WEB_DIST_DIR: '',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.auth.embedded).toBe(true);
    expect(config.webDistDir).toBeUndefined();
  });

  test('the embedded provider follows IDP_PORT', () => {
    expect(loadConfig({ IDP_PORT: '4001' }).auth).toMatchObject({
      domain: 'http://localhost:4001',
      issuer: 'http://localhost:4001/',
    });
  });

  test('an Auth0 domain without a scheme becomes an https origin', () => {
    const config = loadConfig({
      AUTH_DOMAIN: 'tvsistema.eu.auth0.com',
      AUTH_CLIENT_ID: 'abc123',
      AUTH_ORGANIZATION: 'org_1',
    });
    expect(config.auth).toEqual({
      domain: 'https://tvsistema.eu.auth0.com',
      issuer: 'https://tvsistema.eu.auth0.com/',
      jwksUrl: 'https://tvsistema.eu.auth0.com/.well-known/jwks.json',
      clientId: 'abc123',
      audience: 'https://api.tvsistema.es',
      claimsNamespace: 'https://tvsistema.es/',
      organization: 'org_1',
      embedded: false,
    });
  });

  test('a full URL with a trailing slash is accepted as the domain', () => {
    expect(
      loadConfig({ AUTH_DOMAIN: 'https://login.tvsistema.es/', AUTH_CLIENT_ID: 'x' }).auth.issuer,
    ).toBe('https://login.tvsistema.es/');
  });

  test('reads every other variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/tvsistema',
      DATA_DIR: '/var/lib/tvsistema',
      LOG_LEVEL: 'debug',
      RATE_LIMIT_MAX: '100',
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: '/srv/web',
      AUTH_AUDIENCE: 'https://api.example.es',
      AUTH_CLAIMS_NAMESPACE: 'https://example.es/claims/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/tvsistema',
      dataDir: '/var/lib/tvsistema',
      logLevel: 'debug',
      rateLimitMax: 100,
      rateLimitAddressMax: 500,
      trustProxy: true,
      webDistDir: '/srv/web',
      auth: { audience: 'https://api.example.es', claimsNamespace: 'https://example.es/claims/' },
    });
  });

  test('lists every bad variable at once, in Spanish and English', () => {
    const error = configError({
      PORT: 'tres mil',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'verbose',
      DATABASE_URL: 'mysql://x',
      AUTH_DOMAIN: 'https://tenant.auth0.com/some/path',
      AUTH_CLAIMS_NAMESPACE: 'https://tvsistema.es',
    });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining([
        'PORT',
        'RATE_LIMIT_MAX',
        'LOG_LEVEL',
        'DATABASE_URL',
        'AUTH_DOMAIN',
        'AUTH_CLIENT_ID',
        'AUTH_CLAIMS_NAMESPACE',
      ]),
    );
    expect(error.problems).toHaveLength(7);
    expect(error.message).toContain('Configuración no válida / Invalid configuration');
    expect(error.message).toContain(
      'PORT: debe ser un número de puerto entre 0 y 65535 / must be a port number between 0 and 65535',
    );
    expect(error.exitCode).toBe(78);
  });

  test('requires AUTH_CLIENT_ID with an external tenant', () => {
    expect(configError({ AUTH_DOMAIN: 'tenant.auth0.com' }).problems).toEqual([
      'AUTH_CLIENT_ID: es obligatorio cuando AUTH_DOMAIN está configurado / is required when AUTH_DOMAIN is set',
    ]);
  });

  test('rejects a port out of range', () => {
    expect(configError({ PORT: '70000' }).problems).toHaveLength(1);
    expect(configError({ IDP_PORT: '0' }).problems).toHaveLength(1);
  });
});
