import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from './compression.js';

const INDEX = 'index.html';
// Written by the web build (apps/web/vite-route-preload.ts): page URL → the chunks it needs first.
const ROUTE_PRELOADS = join('.vite', 'route-preloads.json');

// Vite writes content-hashed file names under assets/: a new build means new URLs, so they never
// need revalidating. Everything else (index.html, favicon…) is revalidated with its ETag.
const cacheControlFor = (filePath: string) =>
  filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const hasWebBuild = (webDistDir: string | undefined): webDistDir is string =>
  webDistDir !== undefined && existsSync(join(webDistDir, INDEX));

type PageHtml = { plain: Buffer; br: Buffer; gzip: Buffer; etag: string };

/**
 * index.html for each page the build lists in .vite/route-preloads.json, with a
 * `<link rel="modulepreload">` for each of that page's chunks (issue 13, decision 0017): the
 * browser fetches the frame's and the screen's code beside the entry instead of once the entry
 * has run. Built and compressed once, at start; a build without the table serves index.html.
 */
export const pagesWithPreloads = (webDistDir: string): Map<string, PageHtml> => {
  const tablePath = join(webDistDir, ROUTE_PRELOADS);
  if (!existsSync(tablePath)) return new Map();
  const index = readFileSync(join(webDistDir, INDEX), 'utf8');
  const table = JSON.parse(readFileSync(tablePath, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(table).map(([page, files]) => {
      const links = files
        .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
      const plain = Buffer.from(index.replace('</head>', `${links}</head>`));
      return [
        page,
        {
          plain,
          br: brotliCompressSync(plain, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
          }),
          gzip: gzipSync(plain, { level: 9 }),
          etag: `"${createHash('sha1').update(plain).digest('base64url')}"`,
        },
      ];
    }),
  );
};

/**
 * Serves the built SPA from `webDistDir` (call only when `hasWebBuild`). Returns the fallback for
 * the not-found handler: a GET that accepts HTML gets index.html, so client routes such as
 * /dashboard survive a reload. Missing assets still get a 404.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDistDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  // serve: false — the one route below carries our permission config; the plugin's own wildcard
  // route could not.
  await app.register(fastifyStatic, {
    root: webDistDir,
    serve: false,
    cacheControl: false,
    // The build writes x.br and x.gz beside each text file (scripts/web-build.mjs): the plugin
    // picks one by Accept-Encoding, falls back to the plain file, and adds Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  app.get('/*', { config: { permission: 'public' }, schema: { hide: true } }, (request, reply) => {
    // The router has already percent-decoded the wildcard (and answered 400 to bad encodings).
    const path = `/${(request.params as Record<string, string | undefined>)['*'] ?? ''}`;
    // Nothing is returned: a returned reply is awaited, and each await adds a 'close' listener to
    // the response, which the not-found fallback would push past Node's warning threshold.
    if (isApiPath(path) || path.endsWith('/')) {
      reply.callNotFound();
      return;
    }
    // @fastify/static rejects '..', '//' and '.' segments, and calls the not-found handler for missing files.
    reply.sendFile(path);
  });

  const pages = pagesWithPreloads(webDistDir);
  return (request, reply) => {
    const acceptsHtml = request.headers.accept?.includes('text/html') ?? false;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !acceptsHtml) return false;
    const page = pages.get(request.url.split('?')[0] ?? '');
    if (!page) {
      reply.sendFile(INDEX);
      return true;
    }
    reply
      .code(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', page.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) {
      reply.code(304).send();
      return true;
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    reply.send(encoding ? page[encoding] : page.plain);
    return true;
  };
}
