// Composition root of the running product: configuration, database, migrations, the API with
// the SPA, and — only when AUTH_DOMAIN is unset — the development identity provider.
import { resolve } from 'node:path';
import {
  buildApp,
  createDatabase,
  describeStartupError,
  loadConfig,
  prepareDatabase,
  seedDemoWorld,
  ConfigError,
} from '@tvsistema/api';
import type { Database } from '@tvsistema/api';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, startIdp } from '@tvsistema/idp';

const root = resolve(import.meta.dirname, '..');

const readConfig = () => {
  try {
    return loadConfig({ WEB_DIST_DIR: resolve(root, 'apps/web/dist'), ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
};

const config = readConfig();
const spaOrigin = `http://localhost:${config.port}`;
// The Vite dev server (npm run dev) is a second SPA origin the provider must accept.
const devOrigin = 'http://localhost:5173';

// A start that cannot serve (port in use, database unreachable, a changed migration) prints one
// line saying why and exits 1, so a supervisor restarts it and the operator knows what to fix.
const failStart = async (error: unknown): Promise<never> => {
  const { line, exitCode } = describeStartupError(error);
  console.error(line);
  await Promise.allSettled([app?.close(), idp?.close(), database?.close()]);
  process.exit(exitCode);
};

let app: FastifyInstance | undefined;
let database: Database | undefined;
let idp: Awaited<ReturnType<typeof startIdp>> | undefined;

// API and identity provider share this process: an error nobody caught in either is logged with
// its component unknown but never silently, and ends the process with 1 (a supervisor restarts
// both) rather than leaving one half running.
process.on('uncaughtException', (error) => {
  console.error('Error no controlado / Uncaught error:', error);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  console.error('Promesa rechazada sin controlar / Unhandled rejection:', reason);
  process.exit(1);
});

try {
  idp = config.auth.embedded
    ? await startIdp({
        port: Number(new URL(config.auth.domain).port),
        dataDir: config.dataDir,
        clientId: config.auth.clientId,
        spaOrigins: [spaOrigin, devOrigin],
        audience: config.auth.audience,
        claimsNamespace: config.auth.claimsNamespace,
      })
    : undefined;

  database = await createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // Connections lost idle or in use; the pool replaces them (requests meanwhile get a 503).
    onError: (error) =>
      (app?.log ?? console).warn(
        `Conexión con la base de datos perdida / Database connection lost: ${error.message}`,
      ),
  });
  const seed = await prepareDatabase(database);
  const demo = await seedDemoWorld(database, {
    enabled: config.demoData,
    archivos: { dataDir: config.dataDir, s3: config.s3 },
  });
  app = await buildApp({ config, database });
  app.log.info(seed, 'Spanish locations reference data');
  app.log.info(demo, 'Demo world (DEMO_DATA=false turns it off)');
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await failStart(error);
}
const running = { app: app as FastifyInstance, database: database as Database };

const banner = [
  '',
  `TVSistema en marcha: ${spaOrigin}`,
  `  API: ${spaOrigin}/api  ·  OpenAPI: ${spaOrigin}/api/docs`,
  `  Base de datos: ${running.database.kind === 'pglite' ? `PGlite en ${resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (idp) {
  banner.push(
    `  Proveedor de identidad de desarrollo: ${idp.url}`,
    '',
    `  Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`,
  );
  for (const account of DEMO_ACCOUNTS) {
    banner.push(
      `    ${account.email.padEnd(28)} ${account.name.padEnd(20)} ${account.roles.join(', ') || '(sin roles)'}`,
    );
  }
} else {
  banner.push(`  Identidad: ${config.auth.domain}`);
}
console.log(banner.join('\n') + '\n');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  running.app.log.info({ signal }, 'Parando TVSistema');
  await running.app.close();
  await idp?.close();
  await running.database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
