import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const INDEX = 'index.html';

// Vite writes content-hashed file names under assets/: a new build means new URLs, so they never
// need revalidating. Everything else (index.html, favicon…) is revalidated with its ETag.
const cacheControlFor = (filePath: string) =>
  filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const hasWebBuild = (webDistDir: string | undefined): webDistDir is string =>
  webDistDir !== undefined && existsSync(join(webDistDir, INDEX));

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

  return (request, reply) => {
    const acceptsHtml = request.headers.accept?.includes('text/html') ?? false;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !acceptsHtml) return false;
    reply.sendFile(INDEX);
    return true;
  };
}
