// The API's own CPU per request, without sockets or load generator: the app in this process,
// each request through app.inject one after another, process CPU (user + system) divided by the
// requests. Less sensitive to a loaded machine than the HTTP bench, so two versions can be
// compared alternately in the same period (docs/decisions/0010, "The API's own cost").
//   npx tsx scripts/bench/coste-por-peticion.ts <postgres url> <requests> <path>...
// The database must be migrated and hold the data the paths read (a bench case leaves it so).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet } from 'jose';
import type { JWK } from 'jose';
import { buildApp, createDatabase, createTokenVerifier, loadConfig } from '@tvsistema/api';
import { jwksPath, mintAccessToken } from '@tvsistema/idp';
import { BENCH_AUTH } from './lib/bench-auth.js';

const [databaseUrl, count = '2000', ...paths] = process.argv.slice(2);
if (!databaseUrl || paths.length === 0) {
  throw new Error('Uso: coste-por-peticion.ts <postgres url> <peticiones> <ruta>...');
}
const dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-coste-'));
const token = await mintAccessToken({
  dataDir,
  issuer: BENCH_AUTH.issuer,
  audience: BENCH_AUTH.audience,
  claimsNamespace: BENCH_AUTH.claimsNamespace,
  email: 'admin@tvsistema.test',
});
const jwks = JSON.parse(await readFile(jwksPath(dataDir), 'utf8')) as { keys: JWK[] };
const keys = jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));
const database = await createDatabase({ dataDir, databaseUrl });
const app = await buildApp({
  config: loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_ADDRESS_MAX: '1000000',
    AUTH_AUDIENCE: BENCH_AUTH.audience,
    AUTH_CLAIMS_NAMESPACE: BENCH_AUTH.claimsNamespace,
  }),
  database,
  verifyToken: createTokenVerifier({
    issuer: BENCH_AUTH.issuer,
    audience: BENCH_AUTH.audience,
    keys: createLocalJWKSet({ keys }),
  }),
});
await app.ready();
const headers = {
  authorization: `Bearer ${token}`,
  'accept-encoding': process.env.COSTE_ENCODING ?? '',
};
const send = async (i: number) => {
  const reply = await app.inject({ method: 'GET', url: paths[i % paths.length] ?? '/', headers });
  if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
  return reply.rawPayload.length;
};
for (let i = 0; i < 300; i++) await send(i);
const n = Number(count);
let bytes = 0;
const start = process.cpuUsage();
const wall = performance.now();
for (let i = 0; i < n; i++) bytes += await send(i);
const cpu = process.cpuUsage(start);
console.log(
  `${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms de CPU por petición ` +
    `(usuario ${(cpu.user / 1000 / n).toFixed(3)}, sistema ${(cpu.system / 1000 / n).toFixed(3)}), ` +
    `${((performance.now() - wall) / n).toFixed(2)} ms de reloj, ${Math.round(bytes / n)} bytes`,
);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
