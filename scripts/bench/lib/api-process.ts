// Child process of startBenchApi: the API with a verifier that trusts the DATA_DIR's key, logs
// and rate limit off; prints its URL on stdout once it listens.
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet } from 'jose';
import type { JWK } from 'jose';
import { buildApp, createDatabase, createTokenVerifier, loadConfig } from '@tvsistema/api';
import { jwksPath } from '@tvsistema/idp';
import { BENCH_AUTH } from './bench-auth.js';
import { capturarSentencias } from './captura-sql.js';

const dataDir = process.env.DATA_DIR ?? '';
const databaseUrl = process.env.DATABASE_URL || undefined;

const jwks = JSON.parse(await readFile(jwksPath(dataDir), 'utf8')) as { keys: JWK[] };
// Only the public members: a verifier's key set must not carry the private key.
const keys = jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));

const config = loadConfig({
  DATA_DIR: dataDir,
  // BENCH_LOG_LEVEL=error shows the API's error lines (bench-api.ts forwards them to stderr).
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  RATE_LIMIT_MAX: '1000000',
  AUTH_AUDIENCE: BENCH_AUTH.audience,
  AUTH_CLAIMS_NAMESPACE: BENCH_AUTH.claimsNamespace,
});
// Before the pool's first client: every statement it sends is written down (pgbench.ts).
if (process.env.BENCH_SQL_LOG) capturarSentencias(process.env.BENCH_SQL_LOG);
const database = await createDatabase({ dataDir, databaseUrl });
const app = await buildApp({
  config,
  database,
  verifyToken: createTokenVerifier({
    issuer: BENCH_AUTH.issuer,
    audience: BENCH_AUTH.audience,
    keys: createLocalJWKSet({ keys }),
  }),
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${url}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
