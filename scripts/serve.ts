// Composition root of the running product: configuration, database, migrations, the API with
// the SPA, and — only when AUTH_DOMAIN is unset — the development identity provider.
import { resolve } from 'node:path';
import { buildApp, createDatabase, loadConfig, prepareDatabase, ConfigError } from '@tvsistema/api';
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

const idp = config.auth.embedded
  ? await startIdp({
      port: Number(new URL(config.auth.domain).port),
      dataDir: config.dataDir,
      clientId: config.auth.clientId,
      spaOrigins: [spaOrigin, devOrigin],
      audience: config.auth.audience,
      claimsNamespace: config.auth.claimsNamespace,
    })
  : undefined;

const database = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const seed = await prepareDatabase(database);
const app = await buildApp({ config, database });
app.log.info(seed, 'Spanish locations reference data');
await app.listen({ port: config.port, host: config.host });

const banner = [
  '',
  `TVSistema en marcha: ${spaOrigin}`,
  `  API: ${spaOrigin}/api  ·  OpenAPI: ${spaOrigin}/api/docs`,
  `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`,
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
  app.log.info({ signal }, 'Parando TVSistema');
  await app.close();
  await idp?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
