import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 12.6: an office of 20 people behind one NAT address must not share one budget.

const USER_MAX = 5;
const OFFICE = 20;
const TOO_MANY = { message: 'Demasiadas solicitudes. Inténtelo de nuevo en un minuto.' };

describe('rate limits per signed-in user, with a higher ceiling per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_MAX: String(USER_MAX), RATE_LIMIT_ADDRESS_MAX: '150' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  test(`${OFFICE} users behind one address each get their own ${USER_MAX} requests; one past it gets a Spanish 429`, async () => {
    const tokens = await Promise.all(
      Array.from({ length: OFFICE }, (_, i) =>
        t.tokens.forRoles(['empleado'], { sub: `auth0|oficina-${i}` }),
      ),
    );
    const get = (token: string) =>
      t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    for (let round = 0; round < USER_MAX; round += 1) {
      const statuses = await Promise.all(
        tokens.map(async (token) => (await get(token)).statusCode),
      );
      expect(statuses).toEqual(tokens.map(() => 200));
    }
    const limited = await get(tokens[0] ?? '');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else at the same address still has a budget.
    const colleague = await t.tokens.forRoles(['empleado'], { sub: 'auth0|oficina-nueva' });
    expect((await get(colleague)).statusCode).toBe(200);
  });
});

describe('the address ceiling bounds anonymous and total traffic', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100', RATE_LIMIT_ADDRESS_MAX: '4' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('signed-in users under their own budget still stop at the address ceiling', async () => {
    const token = await t.tokens.forRoles(['empleado'], { sub: 'auth0|uno' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await t.app.inject({ url: '/api/config' })).statusCode);
    for (let i = 0; i < 2; i += 1)
      statuses.push(
        (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
