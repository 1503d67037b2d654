import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, loadConfig } from '../src/index.js';
import { createTestApp, createTestDatabase } from './helpers/test-app.js';
import type { TestApp } from './helpers/test-app.js';

const supplierLike = z.object({
  nombre: z.string().min(2, 'El nombre debe tener al menos 2 caracteres'),
  empresa: z.string({ error: 'La empresa es obligatoria' }),
  contactos: z.array(z.object({ nombre: z.string().min(1, 'El nombre es obligatorio') })),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup: (app) =>
      app.register(async (instance) => {
        instance
          .withTypeProvider<ZodTypeProvider>()
          .post(
            '/api/test/validacion',
            { config: { permission: 'session.view' }, schema: { body: supplierLike } },
            async (request) => ({ nombre: request.body.nombre }),
          );
        instance.get('/api/test/fallo', { config: { permission: 'public' } }, async () => {
          throw new Error('connection string with a password');
        });
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  test('answers 200 when the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  test('answers 503 when the database does not', async () => {
    const testDatabase = await createTestDatabase();
    const broken = {
      ...testDatabase.database,
      ping: () => Promise.reject(new Error('connection refused')),
    };
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: broken });
    try {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'error' });
    } finally {
      await app.close();
      await testDatabase.close();
    }
  });
});

test('GET /api/config gives the SPA its identity settings', async () => {
  const response = await t.app.inject({ url: '/api/config' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    auth: {
      domain: 'http://localhost:3001',
      clientId: 'tvsistema-web',
      audience: 'https://api.tvsistema.es',
      claimsNamespace: 'https://tvsistema.es/',
    },
  });
});

test('GET /api/config includes the organization when configured', async () => {
  const app = await createTestApp({
    env: {
      AUTH_DOMAIN: 'tenant.eu.auth0.com',
      AUTH_CLIENT_ID: 'spa-client',
      AUTH_ORGANIZATION: 'org_123',
    },
  });
  try {
    expect((await app.app.inject({ url: '/api/config' })).json()).toEqual({
      auth: {
        domain: 'https://tenant.eu.auth0.com',
        clientId: 'spa-client',
        audience: 'https://api.tvsistema.es',
        claimsNamespace: 'https://tvsistema.es/',
        organization: 'org_123',
      },
    });
  } finally {
    await app.close();
  }
});

describe('invalid input', () => {
  const post = async (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/validacion',
      headers: { authorization: `Bearer ${await t.tokens.sign()}` },
      payload: payload as Record<string, unknown>,
    });

  test('answers 400 "Datos inválidos" with one Spanish message per field, naming it', async () => {
    const response = await post({ nombre: 'A', contactos: [{ nombre: 'Ana' }, { nombre: '' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'nombre: El nombre debe tener al menos 2 caracteres',
        'empresa: La empresa es obligatoria',
        'contactos[1].nombre: El nombre es obligatorio',
      ],
    });
  });

  test("zod's own messages are Spanish too", async () => {
    const response = await post({ nombre: 'Ana', empresa: 'x', contactos: 'ninguno' });
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['contactos: Entrada inválida: se esperaba arreglo, recibido texto'],
    });
  });

  test('a body that is not JSON gets the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/validacion',
      headers: {
        authorization: `Bearer ${await t.tokens.sign()}`,
        'content-type': 'application/json',
      },
      payload: '{"nombre":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['El cuerpo de la petición no es un JSON válido'],
    });
  });

  test('valid input reaches the handler', async () => {
    const response = await post({ nombre: 'Grúas Palma', empresa: 'alquileres', contactos: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ nombre: 'Grúas Palma' });
  });
});

test('an unexpected error answers 500 without its details', async () => {
  const response = await t.app.inject({ url: '/api/test/fallo' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ message: 'Error interno del servidor' });
});

test('an unknown /api route answers 404 JSON', async () => {
  for (const url of ['/api/desconocido', '/api', '/api/desconocido/123?x=1']) {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
  }
});

test('a malformed URL answers 400 JSON', async () => {
  const response = await t.app.inject({ url: '/api/%zz' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: 'Solicitud incorrecta' });
});

test('without a web build, other URLs answer 404 JSON as well', async () => {
  const response = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
});

describe('security headers', () => {
  test('CSP lets the SPA reach the identity provider and nothing else', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'", 'http://localhost:3001']);
    expect(directives['frame-src']).toEqual(['http://localhost:3001']);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    // Signatures, photos and thumbnails are shown from blob: URLs (fetched with the token).
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  test('the usual hardening headers are set', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
  });

  test('CSP names an external tenant when one is configured', async () => {
    const app = await createTestApp({
      env: { AUTH_DOMAIN: 'tenant.eu.auth0.com', AUTH_CLIENT_ID: 'x' },
    });
    try {
      const csp = String(
        (await app.app.inject({ url: '/api/health' })).headers['content-security-policy'],
      );
      expect(csp).toContain("connect-src 'self' https://tenant.eu.auth0.com");
      expect(csp).toContain('frame-src https://tenant.eu.auth0.com');
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  test("a caller's x-request-id is kept and echoed", async () => {
    const response = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(response.headers['x-request-id']).toBe('lb-1234.abc');
  });

  test('an unusable one is replaced by a fresh id', async () => {
    const response = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nINFO fake log' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  test('the document at /api/docs/json describes the routes from their zod schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/health'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { status: { enum: ['ok', 'error'] } },
    });
    expect(document.paths['/api/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/me'].get.description).toContain('session.view');
    expect(document.paths['/api/config'].get.security).toBeUndefined();
  });

  test('Swagger UI is served at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
  });
});

test('rate limit: 429 with a Spanish message past RATE_LIMIT_ADDRESS_MAX, health exempt', async () => {
  // Anonymous traffic is counted per address (issue 12.6: RATE_LIMIT_MAX is now per user).
  const app = await createTestApp({ env: { RATE_LIMIT_ADDRESS_MAX: '3' } });
  try {
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await app.app.inject({ url: '/api/config' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await app.app.inject({ url: '/api/config' });
    expect(limited.json()).toEqual({
      message: 'Demasiadas solicitudes. Inténtelo de nuevo en un minuto.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
});
