import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLAIMS_NAMESPACE } from '@tvsistema/domain/auth';

export type AuthConfig = {
  /** Origin of the identity provider, without a trailing slash: 'http://localhost:3001' or 'https://tenant.auth0.com'. */
  domain: string;
  /** `${domain}/`, exactly as the provider writes `iss`. */
  issuer: string;
  jwksUrl: string;
  clientId: string;
  audience: string;
  claimsNamespace: string;
  organization?: string;
  /** True when AUTH_DOMAIN is unset and the development identity provider is in use. */
  embedded: boolean;
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

export type ApiConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  logLevel: string;
  /** Requests per minute per signed-in user (the verified token's `sub`). */
  rateLimitMax: number;
  /** Requests per minute per client address, signed in or not (default 5 × rateLimitMax). */
  rateLimitAddressMax: number;
  /** Behind a load balancer the client address comes from X-Forwarded-For (rate limit per client). */
  trustProxy: boolean;
  /** Seed the demo world on an empty database at start (DEMO_DATA, default true). */
  demoData: boolean;
  /** Uploaded files in an S3-compatible bucket (S3_*); absent: under DATA_DIR/archivos. */
  s3?: S3Config;
  auth: AuthConfig;
  webDistDir?: string;
};

/** Bad environment. `message` lists every bad variable, in Spanish and English. */
export class ConfigError extends Error {
  /** sysexits.h EX_CONFIG, for launchers that want a distinct exit code. */
  readonly exitCode = 78;
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      [
        'Configuración no válida / Invalid configuration:',
        ...problems.map((problem) => `  - ${problem}`),
      ].join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// `.env` files and launchers write `NAME=` for "not set": an empty value means the default.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const integer = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

const portMessage =
  'debe ser un número de puerto entre 0 y 65535 / must be a port number between 0 and 65535';

const envSchema = z.object({
  PORT: optional(integer(0, 65_535, portMessage)),
  HOST: optional(z.string().trim()),
  IDP_PORT: optional(
    integer(
      1,
      65_535,
      'debe ser un número de puerto entre 1 y 65535 / must be a port number between 1 and 65535',
    ),
  ),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(
        /^postgres(ql)?:\/\//,
        'debe ser una URL postgres://usuario:clave@host:puerto/base / must be a postgres:// URL',
      ),
  ),
  DATA_DIR: optional(z.string()),
  AUTH_DOMAIN: optional(z.string().trim()),
  AUTH_CLIENT_ID: optional(z.string().trim()),
  AUTH_AUDIENCE: optional(z.string().trim()),
  AUTH_CLAIMS_NAMESPACE: optional(
    z
      .string()
      .trim()
      .regex(/\/$/, 'debe terminar en "/" (p. ej. https://tvsistema.es/) / must end with "/"'),
  ),
  AUTH_ORGANIZATION: optional(z.string().trim()),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, { error: `debe ser uno de / must be one of: ${LOG_LEVELS.join(', ')}` }),
  ),
  RATE_LIMIT_MAX: optional(
    integer(1, 1_000_000, 'debe ser un número entero mayor que 0 / must be a positive integer'),
  ),
  RATE_LIMIT_ADDRESS_MAX: optional(
    integer(1, 10_000_000, 'debe ser un número entero mayor que 0 / must be a positive integer'),
  ),
  TRUST_PROXY: optional(
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true o false / must be true or false' }),
  ),
  WEB_DIST_DIR: optional(z.string()),
  DEMO_DATA: optional(
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true o false / must be true or false' }),
  ),
  // Uploaded files in an S3-compatible bucket instead of DATA_DIR/archivos (docs/decisions/0021).
  S3_BUCKET: optional(z.string().trim().min(1)),
  S3_REGION: optional(z.string().trim().min(1)),
  S3_ENDPOINT: optional(
    z
      .string()
      .trim()
      .regex(/^https?:\/\//, 'debe ser una URL http(s):// / must be an http(s) URL'),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
  S3_FORCE_PATH_STYLE: optional(
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true o false / must be true or false' }),
  ),
});

/**
 * Accepts 'tenant.eu.auth0.com' (Auth0 shows domains without a scheme) or a full origin, and returns
 * the origin without a trailing slash, or undefined when it is not an origin.
 */
const normaliseDomain = (raw: string): string | undefined => {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  const isOrigin =
    url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!isOrigin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  return url.origin;
};

/**
 * Reads and validates the environment. Defaults: PORT 3000, HOST 0.0.0.0 (every IPv4 interface,
 * as a container needs; browsers still use http://localhost), IDP_PORT 3001, DATA_DIR ./data
 * (resolved against the working directory), LOG_LEVEL info, RATE_LIMIT_MAX 600 per minute per user,
 * RATE_LIMIT_ADDRESS_MAX 5 × RATE_LIMIT_MAX per address.
 */
export function loadConfig(env: NodeJS.ProcessEnv): ApiConfig {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
    }
  }
  const values = parsed.success ? parsed.data : undefined;

  let domain: string | undefined;
  if (env.AUTH_DOMAIN?.trim()) {
    domain = normaliseDomain(env.AUTH_DOMAIN.trim());
    if (!domain) {
      problems.push(
        'AUTH_DOMAIN: debe ser un dominio (tenant.eu.auth0.com) o un origen (https://login.ejemplo.es) sin ruta / must be a domain or an origin without a path',
      );
    }
    if (!env.AUTH_CLIENT_ID?.trim()) {
      problems.push(
        'AUTH_CLIENT_ID: es obligatorio cuando AUTH_DOMAIN está configurado / is required when AUTH_DOMAIN is set',
      );
    }
  }

  const s3Variables = Object.keys(env).filter(
    (name) => name.startsWith('S3_') && env[name]?.trim(),
  );
  if (s3Variables.length > 0 && !env.S3_BUCKET?.trim()) {
    problems.push(
      `S3_BUCKET: es obligatorio cuando se configura ${s3Variables.join(', ')} / is required with the other S3_ variables`,
    );
  }

  if (problems.length > 0 || !values) throw new ConfigError(problems);

  const embedded = values.AUTH_DOMAIN === undefined;
  const authDomain = embedded ? `http://localhost:${values.IDP_PORT ?? 3001}` : (domain as string);
  const organization = values.AUTH_ORGANIZATION;

  return {
    port: values.PORT ?? 3000,
    host: values.HOST ?? '0.0.0.0',
    dataDir: resolve(values.DATA_DIR ?? './data'),
    ...(values.DATABASE_URL ? { databaseUrl: values.DATABASE_URL } : {}),
    logLevel: values.LOG_LEVEL ?? 'info',
    rateLimitMax: values.RATE_LIMIT_MAX ?? 600,
    rateLimitAddressMax: values.RATE_LIMIT_ADDRESS_MAX ?? 5 * (values.RATE_LIMIT_MAX ?? 600),
    trustProxy: values.TRUST_PROXY === 'true' || values.TRUST_PROXY === '1',
    // The demo world on an empty database (modules/README.md); DEMO_DATA=false turns it off.
    demoData: values.DEMO_DATA !== 'false' && values.DEMO_DATA !== '0',
    ...(values.S3_BUCKET
      ? {
          s3: {
            bucket: values.S3_BUCKET,
            region: values.S3_REGION ?? 'us-east-1',
            ...(values.S3_ENDPOINT ? { endpoint: values.S3_ENDPOINT } : {}),
            ...(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? {
                  credentials: {
                    accessKeyId: values.S3_ACCESS_KEY_ID,
                    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
                  },
                }
              : {}),
            forcePathStyle:
              values.S3_FORCE_PATH_STYLE === 'true' || values.S3_FORCE_PATH_STYLE === '1',
          },
        }
      : {}),
    auth: {
      domain: authDomain,
      issuer: `${authDomain}/`,
      jwksUrl: `${authDomain}/.well-known/jwks.json`,
      clientId: values.AUTH_CLIENT_ID ?? 'tvsistema-web',
      audience: values.AUTH_AUDIENCE ?? 'https://api.tvsistema.es',
      claimsNamespace: values.AUTH_CLAIMS_NAMESPACE ?? DEFAULT_CLAIMS_NAMESPACE,
      ...(organization ? { organization } : {}),
      embedded,
    },
    ...(values.WEB_DIST_DIR ? { webDistDir: resolve(values.WEB_DIST_DIR) } : {}),
  };
}
