export { buildApp, DOCS_PREFIX } from './app.js';
export type { BuildAppOptions } from './app.js';
export { ConfigError, loadConfig } from './config.js';
export type { ApiConfig, AuthConfig } from './config.js';
export { createDatabase, DatabaseConnectionError } from './db/database.js';
export type { Database, DatabaseOptions, DatabaseSession, Db, SqlRunner } from './db/database.js';
export { appMeta, schema } from './db/schema.js';
export type { Schema } from './db/schema.js';
export { API_MODULES } from './modules/index.js';
export type { ApiModule, ModuleContext } from './module.js';
export { migrate, MigrationChecksumError, MIGRATIONS_DIR } from './db/migrator.js';
export {
  CLOCK_TOLERANCE_SECONDS,
  createRemoteTokenVerifier,
  createTokenVerifier,
} from './auth/verify-token.js';
export type { TokenVerifier, TokenVerifierOptions } from './auth/verify-token.js';
export { currentUser } from './auth/auth.plugin.js';
export type { AuthUser } from './auth/auth.plugin.js';
export { HttpError, invalidData, API_MESSAGES, notFound } from './http/errors.js';
export type { ErrorBody } from './http/errors.js';
export {
  listRoutePermissions,
  PLUGIN_PUBLIC_PREFIXES,
  routeInputsOf,
  RoutePermissionError,
} from './http/permissions.plugin.js';
export type {
  RouteInputs,
  RoutePermission,
  RoutePermissionEntry,
} from './http/permissions.plugin.js';
export type { PublicConfig } from './modules/session/index.js';
export { prepareDatabase, startApi } from './server.js';
export { seedDemoWorld } from './demo-world.js';
export type { DemoWorldResult } from './demo-world.js';
export { describeStartupError } from './startup-errors.js';
export type { StartupFailure } from './startup-errors.js';
export type { RunningApi, StartApiOptions } from './server.js';
export {
  LOCATIONS_ES_DIR,
  LOCATIONS_ES_META_KEY,
  readLocationReferenceData,
  seedLocationReferenceData,
} from './modules/localizacion/index.js';
export type { SeedResult } from './modules/localizacion/index.js';
// The tools entry (`@tvsistema/api/tools`): seeds and the services the benchmarks call directly.
export * from './tools.js';
