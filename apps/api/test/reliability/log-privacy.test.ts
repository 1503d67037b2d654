import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp, loadConfig } from '../../src/index.js';
import type { Database } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

// Issue 12.2: error logs carry the route and request id, never query values, bodies or the SQL
// parameters Drizzle puts in its "Failed query" message.

const SECRET = 'secreto-del-usuario';
const lines: string[] = [];
let testDatabase: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'info' }),
    database: testDatabase.database as Database,
    logStream: { write: (line) => void lines.push(line) },
  });
  app.post('/api/test/falla-sql', { config: { permission: 'public' } }, async () => {
    throw new Error(`Failed query: insert into partes values ($1)\nparams: ${SECRET}`, {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
      }),
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDatabase?.close();
});

test('a 500 logs the route, request id and error codes, not the query, body or SQL params', async () => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/test/falla-sql?searchTerm=${SECRET}`,
    payload: { nombre: SECRET },
  });
  expect(response.statusCode).toBe(500);
  const log = lines.join('');
  expect(log).toContain('"route":"/api/test/falla-sql"');
  expect(log).toContain('"code":"22021"');
  expect(log).toContain(`"reqId":"${response.headers['x-request-id']}"`);
  expect(log).not.toContain(SECRET);
});

test('a client error and the "incoming request" line do not carry query values either', async () => {
  lines.length = 0;
  await app.inject({ url: `/api/proveedores?empresa=alquileres&searchTerm=${SECRET}` });
  await app.inject({ url: `/api/no-existe?documento=${SECRET}` });
  // A malformed percent-encoding fails before routing; Fastify's message quotes the whole URL.
  await app.inject({ url: `/api/proveedores/%E0%A4%A?q=${SECRET}` });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.join('')).not.toContain(SECRET);
});
