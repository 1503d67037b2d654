import type { FastifyReply } from 'fastify';

/**
 * A big read's answer (lists, a record with its due items, the planning grid) sent as JSON text:
 * Fastify sends a string with a JSON content type as it is, without checking it against the
 * route's response schema again (zod over every row or cell, the largest CPU cost of such routes
 * after their I/O: docs/decisions/0010, "The API's own cost"). The schema still documents the
 * route; the API tests parse or pin the answers.
 */
export const enviarJson = (reply: FastifyReply, body: unknown) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
