import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 12.5: Node answers 431 before Fastify sees the request; the answer is ours all the same.

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const get = (headers: Record<string, string>) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/config', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });

test('issue 12.5: headers over 16 KB get 431 with a Spanish { message } JSON body', async () => {
  const response = await get({ 'x-relleno': 'a'.repeat(17 * 1024) });
  expect(response.status).toBe(431);
  expect(response.type).toContain('application/json');
  expect(JSON.parse(response.body)).toEqual({
    message: 'Las cabeceras de la petición son demasiado grandes',
  });
  // The server is still there for the next request.
  expect((await get({})).status).toBe(200);
});
