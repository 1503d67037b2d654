// The request a piece of code runs for, without passing it down every call: the history service
// records the request id beside each change (its log lines carry the same id). Set once per
// request by an onRequest hook; AsyncLocalStorage follows the request through its awaits.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context; undefined outside a request (seeds, tools, tests). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs every request's hooks and handler inside its context. */
export const registerRequestContext = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
};
