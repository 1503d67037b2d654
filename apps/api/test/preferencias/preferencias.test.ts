import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 14: each signed-in user's own preferences (GET/PUT /api/preferencias, decision 0044),
// keyed by the token's subject: whatever the roles, nobody reads or writes another's.

let t: TestApp;
const bearer: Record<'ana' | 'olga' | 'sergio' | 'tomas', string> = {
  ana: '',
  olga: '',
  sergio: '',
  tomas: '',
};
beforeAll(async () => {
  t = await createTestApp();
  bearer.ana = `Bearer ${await t.tokens.forRoles(['administracion'], { sub: 'demo|admin' })}`;
  bearer.olga = `Bearer ${await t.tokens.forRoles(['operaciones', 'alquileres', 'transportes'], {
    sub: 'demo|operaciones',
  })}`;
  bearer.sergio = `Bearer ${await t.tokens.forRoles([], { sub: 'demo|sinroles' })}`;
  bearer.tomas = `Bearer ${await t.tokens.forRoles(['transportes'], { sub: 'demo|transportes' })}`;
});
afterAll(async () => {
  await t?.close();
});

const get = (who: keyof typeof bearer) =>
  t.app.inject({ url: '/api/preferencias', headers: { authorization: bearer[who] } });
const put = (who: keyof typeof bearer, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/preferencias',
    headers: { authorization: bearer[who] },
    payload: payload as Record<string, unknown>,
  });

const DEFAULTS = {
  sistemaPorDefecto: null,
  vistaListas: null,
  tamanoPagina: null,
  densidad: 'normal',
};

describe('/api/preferencias', () => {
  test('a user who never saved reads the defaults; an anonymous caller gets 401', async () => {
    const response = await get('olga');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: DEFAULTS });
    expect((await t.app.inject({ url: '/api/preferencias' })).statusCode).toBe(401);
  });

  test('each user saves and reads their own; user A never sees user B’s', async () => {
    const olga = {
      sistemaPorDefecto: 'transportes',
      vistaListas: 'list',
      tamanoPagina: 50,
      densidad: 'compacta',
    };
    const saved = await put('olga', olga);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: olga });
    expect((await get('olga')).json()).toEqual({ data: olga });

    // The administrator reads their own (still the defaults), never Olga's.
    expect((await get('ana')).json()).toEqual({ data: DEFAULTS });
    const ana = {
      sistemaPorDefecto: 'verticales',
      vistaListas: 'cards',
      tamanoPagina: 10,
      densidad: 'normal',
    };
    expect((await put('ana', ana)).statusCode).toBe(200);
    expect((await get('ana')).json()).toEqual({ data: ana });
    expect((await get('olga')).json()).toEqual({ data: olga });

    // A subject in the body is ignored: the token's subject decides whose record is written.
    expect(
      (await put('ana', { ...ana, sub: 'demo|operaciones', tamanoPagina: 30 })).statusCode,
    ).toBe(200);
    expect((await get('olga')).json()).toEqual({ data: olga });
    expect((await get('ana')).json()).toEqual({ data: { ...ana, tamanoPagina: 30 } });

    // A second save replaces the first.
    expect((await put('olga', { ...olga, densidad: 'normal' })).statusCode).toBe(200);
    expect((await get('olga')).json()).toEqual({ data: { ...olga, densidad: 'normal' } });
  });

  test('a user without roles keeps preferences too (any signed-in user)', async () => {
    const mine = { ...DEFAULTS, vistaListas: 'list' };
    expect((await put('sergio', mine)).statusCode).toBe(200);
    expect((await get('sergio')).json()).toEqual({ data: mine });
  });

  test('400 with Spanish field messages for bad input; nothing is written', async () => {
    const response = await put('tomas', {
      sistemaPorDefecto: 'flota',
      vistaListas: 'tabla',
      tamanoPagina: 25,
      densidad: 'mini',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'sistemaPorDefecto: El sistema por defecto debe ser Alquileres, Transportes o Trabajos Verticales',
        'vistaListas: La vista de las listas debe ser tarjetas o lista',
        'tamanoPagina: El tamaño de página debe ser 10, 20, 30 o 50',
        'densidad: La densidad debe ser normal o compacta',
      ],
    });
    expect((await get('tomas')).json()).toEqual({ data: DEFAULTS });
  });

  test('the default system must be one the user may use', async () => {
    const response = await put('tomas', { ...DEFAULTS, sistemaPorDefecto: 'alquileres' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['sistemaPorDefecto: No tienes acceso al sistema elegido como sistema por defecto'],
    });
    expect((await get('tomas')).json()).toEqual({ data: DEFAULTS });
    expect((await put('tomas', { ...DEFAULTS, sistemaPorDefecto: 'transportes' })).statusCode).toBe(
      200,
    );
  });

  test('a stored system the roles no longer reach reads as none', async () => {
    const alquileres = { ...DEFAULTS, sistemaPorDefecto: 'alquileres' };
    expect((await put('olga', alquileres)).statusCode).toBe(200);
    // The same subject, its roles changed at the provider: transportes only.
    const sinAlquileres = `Bearer ${await t.tokens.forRoles(['transportes'], { sub: 'demo|operaciones' })}`;
    const response = await t.app.inject({
      url: '/api/preferencias',
      headers: { authorization: sinAlquileres },
    });
    expect(response.json()).toEqual({ data: DEFAULTS });
  });
});
