import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pg-errors.js';

export const API_MESSAGES = {
  invalidData: 'Datos inválidos',
  notFound: 'Recurso no encontrado',
  missingToken: 'Falta el token de acceso',
  invalidToken: 'Token de acceso inválido o caducado',
  forbidden: 'No tiene permisos para realizar esta acción',
  authUnavailable: 'No se puede verificar el acceso: el proveedor de identidad no responde',
  tooManyRequests: 'Demasiadas solicitudes. Inténtelo de nuevo en un minuto.',
  badRequest: 'Solicitud incorrecta',
  invalidJson: 'El cuerpo de la petición no es un JSON válido',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  payloadTooLarge: 'La petición es demasiado grande',
  internal: 'Error interno del servidor',
  databaseUnavailable: 'Base de datos no disponible. Inténtalo de nuevo en unos segundos.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes',
  requestTimeout: 'La petición ha tardado demasiado',
} as const;

/** Seconds a client should wait before retrying while the database is away (503 Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What an error log line may say about an error: its class, codes and the driver's messages —
 * never Drizzle's "Failed query: … params: …" text, which carries the statement's values (user
 * data), nor a request's body or query string. The stack keeps only its frames.
 */
export const loggableError = (error: unknown) => {
  const chain: { type: string; code?: string; message?: string }[] = [];
  for (let current = error; current instanceof Object && chain.length < 5;) {
    const { name, code, message } = current as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
    };
    const text = typeof message === 'string' ? message : '';
    chain.push({
      type: typeof name === 'string' ? name : 'Error',
      ...(typeof code === 'string' ? { code } : {}),
      ...(text && !text.startsWith('Failed query') ? { message: text.slice(0, 300) } : {}),
    });
    current = (current as { cause?: unknown }).cause;
  }
  const stack = error instanceof Error && error.stack ? error.stack : '';
  return {
    errors: chain,
    stack: stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 15)
      .join('\n'),
  };
};

/** The request as a log line names it: method, route pattern and request id, no query values. */
const requestOf = (request: FastifyRequest) => ({
  method: request.method,
  route: request.routeOptions.url ?? request.url.split('?')[0],
  reqId: request.id,
});

/** The JSON body of every error response. `errors` only on 400 for invalid data. */
export type ErrorBody = { message: string; errors?: string[] };

/** An error a handler or service throws to answer with this status and message. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: string[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    statusCode: number,
    message: string,
    options: { errors?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** 400 "Datos inválidos" with field messages such as 'documento: Ya existe un proveedor…'. */
export const invalidData = (errors: string[]) =>
  new HttpError(400, API_MESSAGES.invalidData, { errors });
export const notFound = (message: string = API_MESSAGES.notFound) => new HttpError(404, message);

const CONTEXT_NAMES: Readonly<Record<string, string>> = {
  body: 'cuerpo',
  querystring: 'consulta',
  params: 'ruta',
  headers: 'cabeceras',
};

/** '/contactos/0/nombre' → 'contactos[0].nombre', the form the web maps back onto its fields. */
export const fieldName = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .reduce(
      (name, segment) =>
        /^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment,
      '',
    );

const validationMessages = (error: FastifyError): string[] =>
  (error.validation ?? []).map((issue) => {
    const field =
      fieldName(issue.instancePath) || CONTEXT_NAMES[error.validationContext ?? ''] || '';
    return field ? `${field}: ${issue.message ?? ''}` : (issue.message ?? '');
  });

// Fastify's own client errors keep their status; their English texts are replaced.
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, ErrorBody>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    message: API_MESSAGES.invalidData,
    errors: [API_MESSAGES.invalidJson],
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    message: API_MESSAGES.invalidData,
    errors: [API_MESSAGES.invalidJson],
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: API_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: API_MESSAGES.badRequest },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: API_MESSAGES.payloadTooLarge },
};

const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    const body: ErrorBody = error.errors
      ? { message: error.message, errors: error.errors }
      : { message: error.message };
    return reply.code(error.statusCode).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.code(400).send({
      message: API_MESSAGES.invalidData,
      errors: validationMessages(error),
    } satisfies ErrorBody);
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      {
        ...requestOf(request),
        issues: error.cause.issues.map(({ code, path }) => ({ code, path })),
      },
      'Response does not match its schema',
    );
    return reply.code(500).send({ message: API_MESSAGES.internal } satisfies ErrorBody);
  }
  const status = error.statusCode ?? 500;
  if (status === 429)
    return reply.code(429).send({ message: API_MESSAGES.tooManyRequests } satisfies ErrorBody);
  if (status >= 400 && status < 500) {
    request.log.info({ ...requestOf(request), code: error.code, status }, 'Client error');
    const body: ErrorBody = FASTIFY_CLIENT_ERRORS[error.code] ?? {
      message:
        status === 403
          ? API_MESSAGES.forbidden
          : status === 404
            ? API_MESSAGES.notFound
            : API_MESSAGES.badRequest,
    };
    return reply.code(status).send(body);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn(
      { ...requestOf(request), error: loggableError(error) },
      'Database unavailable',
    );
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: API_MESSAGES.databaseUnavailable } satisfies ErrorBody);
  }
  request.log.error({ ...requestOf(request), error: loggableError(error) }, 'Unhandled error');
  return reply.code(500).send({ message: API_MESSAGES.internal } satisfies ErrorBody);
};

/**
 * One error shape for the whole API. `fallback` gets the requests no route matched that are not
 * under /api (the SPA's client routes); it returns false to let them have the JSON 404.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean } = {},
): void {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (!isApi && options.fallback?.(request, reply)) return;
    reply.code(404).send({ message: API_MESSAGES.notFound } satisfies ErrorBody);
  });
}

/**
 * Errors Node's HTTP parser raises before a request exists (headers over 16 KB, a timeout, a
 * malformed request line): the same `{ message }` JSON in Spanish as every other error, written on
 * the socket (Fastify's default answers in English in another shape). Bound to the app (`this`).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, API_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, API_MESSAGES.requestTimeout]
        : [400, API_MESSAGES.badRequest];
  this.log.info({ code: error.code, status }, 'Client error before the request');
  if (socket.writable) {
    const body = JSON.stringify({ message } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
