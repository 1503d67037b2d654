import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listRoutePermissions } from '../src/index.js';
import { createTestApp } from './helpers/test-app.js';
import type { TestApp } from './helpers/test-app.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>';
const ASSET = 'console.log("tvsistema")';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'tvsistema-web-'));
  await mkdir(join(webDistDir, 'assets'));
  await writeFile(join(webDistDir, 'index.html'), INDEX_HTML);
  await writeFile(join(webDistDir, 'assets', 'index-Ab12Cd.js'), ASSET);
  // What the build's precompress step writes beside each text file.
  await writeFile(join(webDistDir, 'assets', 'index-Ab12Cd.js.br'), brotliCompressSync(ASSET));
  await writeFile(join(webDistDir, 'assets', 'index-Ab12Cd.js.gz'), gzipSync(ASSET));
  await writeFile(join(webDistDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('the SPA build is served', () => {
  test('a client route such as /dashboard gets index.html on reload, not cached', async () => {
    const response = await t.app.inject({ url: '/dashboard', headers: { accept: HTML } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  test('nested client routes with a query too', async () => {
    const response = await t.app.inject({
      url: '/proveedores/editar/42?volver=1',
      headers: { accept: HTML },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  test('/ serves index.html', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: HTML } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  test('hashed assets are cached for good', async () => {
    const response = await t.app.inject({ url: '/assets/index-Ab12Cd.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(ASSET);
  });

  test('other files are revalidated', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('the page carries the security headers', async () => {
    const response = await t.app.inject({ url: '/dashboard', headers: { accept: HTML } });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' http://localhost:3001",
    );
  });
});

describe('compression (issue 13)', () => {
  const ASSET_URL = '/assets/index-Ab12Cd.js';
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  test('a browser that accepts brotli gets the .br file, still cached for good', async () => {
    const response = await t.app.inject({
      url: ASSET_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  test('gzip only gets the .gz file', async () => {
    const response = await t.app.inject({ url: ASSET_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  test('no Accept-Encoding gets the plain file, which also varies with the header', async () => {
    const response = await t.app.inject({ url: ASSET_URL, headers: { 'accept-encoding': '' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(ASSET);
  });

  test('the page fallback serves the compressed index.html, not cached', async () => {
    const response = await t.app.inject({
      url: '/dashboard',
      headers: { accept: HTML, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  test('a file without a compressed sibling is sent plain', async () => {
    const response = await t.app.inject({
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  test('a large JSON answer of the API is compressed on the fly', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  test('a small JSON answer is left alone', async () => {
    const response = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('what the SPA fallback leaves alone', () => {
  test('/api/unknown stays a JSON 404 even for a browser', async () => {
    const response = await t.app.inject({ url: '/api/unknown', headers: { accept: HTML } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  test('a missing asset is a 404, not index.html', async () => {
    const response = await t.app.inject({
      url: '/assets/index-old.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  test('a POST to a client route is a 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { accept: HTML },
    });
    expect(response.statusCode).toBe(404);
  });

  test('paths that escape the folder are refused', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('"name"');
    }
  });

  test('the API routes still work', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });
});

test('the SPA route is listed as public', () => {
  expect(listRoutePermissions(t.app)).toContainEqual({
    method: 'GET',
    url: '/*',
    permission: 'public',
  });
});
