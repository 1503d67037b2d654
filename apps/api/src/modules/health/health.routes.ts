import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import type { ModuleContext } from '../../module.js';

const PING_TIMEOUT_MS = 3_000;

// Most to least verbose; the route may be quieter than the app, never louder.
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];
const atLeastWarn = (level: string): Level => {
  const index = LEVELS.indexOf(level as Level);
  return index < LEVELS.indexOf('warn') ? 'warn' : (LEVELS[index] ?? 'warn');
};

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});

const pingWithin = async (database: Database, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/** For load balancers and the launcher: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      // Probes call this every few seconds; only failures are worth a log line.
      logLevel: atLeastWarn(app.log.level),
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      if (await pingWithin(database, PING_TIMEOUT_MS)) {
        return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
      }
      request.log.error('Health check: the database does not answer');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'error', database: 'error' });
    },
  );
};
