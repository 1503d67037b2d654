import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants as zlib,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Below this a compressed answer saves less than the headers and the CPU it costs.
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

// Only the API's own text answers: the SPA's files come precompressed from the build
// (static-web.ts), and images or archives are compressed already.
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/(csv|plain))\b/;

// Brotli's default quality (11) costs ~10× gzip's CPU for a few % on a JSON page; 4 is about
// gzip's speed with a smaller result.
const BROTLI_OPTIONS = {
  params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
};
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts (br over gzip), or undefined for identity. */
export const negotiateEncoding = (acceptEncoding: string | undefined): Encoding | undefined => {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
};

const addVary = (reply: FastifyReply) => {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};

const compressBody = (body: string | Buffer, encoding: Encoding) =>
  encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body);

// A source that fails mid-way (a streamed CSV's later batch) ends the compressed answer too,
// rather than leaving the client waiting for the rest.
const compressStream = (stream: Readable, encoding: Encoding) => {
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
  stream.once('error', (error) => compressor.destroy(error));
  return stream.pipe(compressor);
};

const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) {
    return payload;
  }
  const contentType = String(reply.getHeader('content-type') ?? '');
  // Never twice: a precompressed file or an answer a route encoded itself keeps its encoding.
  if (!COMPRESSIBLE.test(contentType) || reply.hasHeader('content-encoding')) return payload;

  const isStream = payload instanceof Readable;
  const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
  if (!isStream && body === null) return payload;
  // A body too small to gain still varies with the header when a larger one of the same URL may not.
  addVary(reply);
  // Measured, not copied: a text answer was turned into a Buffer on every request only to read its
  // length, and most answers then go out as they are (docs/decisions/0010, "The API's own cost").
  if (body !== null && Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES) return payload;

  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;

  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (isStream) return compressStream(payload, encoding);
  // zlib takes the text itself (as UTF-8).
  return compressBody(body as string | Buffer, encoding);
};

/**
 * Compresses the API's JSON and CSV answers of 1 KB or more (br or gzip by `Accept-Encoding`).
 * Call on the root instance, before the routes: the hook then covers every route, the modules'.
 */
export const registerCompression = (app: FastifyInstance) => {
  app.addHook('onSend', onSend);
};
