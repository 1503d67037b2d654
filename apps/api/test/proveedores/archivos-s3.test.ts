import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/index.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 11, files in an S3-compatible bucket (S3_*): through the AWS SDK against a minimal
// path-style S3 on 127.0.0.1 that keeps objects in memory.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const objects = new Map<string, Buffer>();
let server: Server;
let t: TestApp;
let dataDir = '';
let admin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const key = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const stored = objects.get(key);
      if (request.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        response.writeHead(200, { etag: '"x"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else if (!stored) {
        response.writeHead(404, { 'content-type': 'application/xml' });
        response.end(
          request.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>',
        );
      } else {
        response.writeHead(200, { 'content-length': String(stored.length) });
        response.end(request.method === 'HEAD' ? undefined : stored);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-s3-'));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      S3_BUCKET: 'documentos',
      S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'prueba',
      S3_SECRET_ACCESS_KEY: 'secreto',
    },
  });
  admin = `Bearer ${await t.tokens.forRoles(['administracion'])}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

test('S3_* without S3_BUCKET is a configuration error naming it', () => {
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
});

test('a document goes to the bucket under its SHA-256, comes back intact, and leaves with its delete', async () => {
  const id = (
    await t.app.inject({
      method: 'POST',
      url: '/api/proveedores',
      headers: { authorization: admin },
      payload: { nombre: 'Proveedor en la nube', empresa: 'alquileres' },
    })
  ).json<{ data: { _id: string } }>().data._id;
  const boundary = 'limite';
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/proveedores/${id}/archivos`,
    headers: {
      authorization: admin,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="contrato.pdf"\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const archivo = uploaded.json<{ data: { _id: string } }>().data;
  const sha256 = createHash('sha256').update(PDF).digest('hex');
  const key = `/documentos/archivos/${sha256.slice(0, 2)}/${sha256}`;
  expect(objects.get(key)?.equals(PDF)).toBe(true);

  const downloaded = await t.app.inject({
    url: `/api/proveedores/${id}/archivos/${archivo._id}`,
    headers: { authorization: admin },
  });
  expect(downloaded.statusCode).toBe(200);
  expect(downloaded.rawPayload.equals(PDF)).toBe(true);

  await t.app.inject({
    method: 'DELETE',
    url: `/api/proveedores/${id}/archivos/${archivo._id}`,
    headers: { authorization: admin },
  });
  expect(objects.has(key)).toBe(false);
});
