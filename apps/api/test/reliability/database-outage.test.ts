import { createServer, connect } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, createDatabase, loadConfig } from '../../src/index.js';
import type { Database } from '../../src/index.js';
import { createTestApp, testDatabaseUrl } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { createTokenFactory, TEST_AUDIENCE, TEST_NAMESPACE } from '../helpers/tokens.js';

// Read once per file: the file runs whole in one project (PostgreSQL or PGlite).
const TEST_DATABASE_URL = testDatabaseUrl();

// Issue 12, items 1 and 3: a PostgreSQL connection dropped under a write must not end the process,
// and while the database is away every request that needs it is a 503 with Retry-After.

const OUTAGE_BODY = {
  message: 'Base de datos no disponible. Inténtalo de nuevo en unos segundos.',
};

const proveedor = (n: number) => ({ nombre: `Proveedor corte ${n}`, empresa: 'alquileres' });

/**
 * Where this test's app lives (test-database.ts): its own database cloned from a template, or its
 * own schema; either name is also its connections' application_name.
 */
const lugarDeLaPrueba = async (database: Database) => {
  const [row] = await database.withSession((session) =>
    session.query<{ db: string; schema: string; app: string }>(
      `select current_database() as db, current_schema() as schema,
              current_setting('application_name') as app`,
    ),
  );
  return { db: row?.db ?? '', schema: row?.schema ?? '', app: row?.app ?? '' };
};

/** A TCP relay to PostgreSQL that can be cut (every socket reset, new ones refused) and restored. */
const startRelay = async (target: URL) => {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', drop).on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      server?.close(() => resolve());
    });
  await open();
  return { port: () => port, cut, restore: open };
};

describe.skipIf(!TEST_DATABASE_URL)(
  'database outages (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp();
      token = await t.tokens.forRoles(['administracion'], { sub: 'auth0|outage' });
    });
    afterAll(async () => {
      await t?.close();
    });

    test('issue 12.1: terminating the app’s connections during a loop of writes does not end the process; later writes succeed', async () => {
      const name = (await lugarDeLaPrueba(t.database)).app;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      // Every connection of this app's pool sits in its own schema; the others' tests are spared.
      const terminate = () =>
        admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()`,
          [name],
        );
      const statuses: number[] = [];
      try {
        for (let round = 0; round < 6; round += 1) {
          const writes = Array.from({ length: 8 }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/proveedores',
              headers: { authorization: `Bearer ${token}` },
              payload: proveedor(round * 10 + i),
            }),
          );
          await new Promise((resolve) => setTimeout(resolve, round));
          await terminate();
          statuses.push(...(await Promise.all(writes)).map((response) => response.statusCode));
        }
      } finally {
        await admin.end();
      }
      // A write cut mid-way is a 503 (the client retries), never a 500 nor a dead process.
      expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
      const after = await t.app.inject({
        method: 'POST',
        url: '/api/proveedores',
        headers: { authorization: `Bearer ${token}` },
        payload: proveedor(999),
      });
      expect(after.statusCode).toBe(201);
    });

    test('issue 12.3: while the database is unreachable, requests that need it get 503 + Retry-After, the rest keep working, and it recovers by itself', async () => {
      const target = new URL(TEST_DATABASE_URL ?? '');
      const relay = await startRelay(target);
      const { db, schema } = await lugarDeLaPrueba(t.database);
      const url = new URL(TEST_DATABASE_URL ?? '');
      url.hostname = '127.0.0.1';
      url.port = String(relay.port());
      url.pathname = `/${db}`;
      url.searchParams.set('options', `-c search_path=${schema},public`);
      const lost: Error[] = [];
      const database: Database = await createDatabase({
        dataDir: '',
        databaseUrl: url.toString(),
        onError: (error) => lost.push(error),
      });
      const tokens = await createTokenFactory();
      const app = await buildApp({
        config: loadConfig({
          LOG_LEVEL: 'silent',
          AUTH_AUDIENCE: TEST_AUDIENCE,
          AUTH_CLAIMS_NAMESPACE: TEST_NAMESPACE,
        }),
        database,
        verifyToken: tokens.verifier,
      });
      const auth = { authorization: `Bearer ${await tokens.forRoles(['administracion'])}` };
      const list = () => app.inject({ url: '/api/proveedores?empresa=alquileres', headers: auth });
      try {
        expect((await list()).statusCode).toBe(200);

        await relay.cut();
        const during = await list();
        expect(during.statusCode).toBe(503);
        expect(during.headers['retry-after']).toBe('5');
        expect(during.json()).toEqual(OUTAGE_BODY);
        const write = await app.inject({
          method: 'POST',
          url: '/api/proveedores',
          headers: auth,
          payload: proveedor(1000),
        });
        expect(write.statusCode).toBe(503);
        expect((await app.inject({ url: '/api/config' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);

        await relay.restore();
        const started = Date.now();
        let status = 0;
        while (status !== 200 && Date.now() - started < 5_000) {
          status = (await list()).statusCode;
        }
        const recoveredInMs = Date.now() - started;
        expect(status).toBe(200);
        expect(recoveredInMs).toBeLessThan(1_000);
        // The figure the README quotes.
        console.info(`database outage: recovered ${recoveredInMs} ms after the database returned`);
      } finally {
        await app.close();
        await database.close();
        await relay.cut();
      }
    });
  },
);
