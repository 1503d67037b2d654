import type { Role } from '@tvsistema/domain';

/** Password of every demo account (development only: the embedded provider never runs in production). */
export const DEMO_PASSWORD = 'demo1234';

export type DemoAccount = {
  /** Stable subject identifier, the `sub` of every token issued for this account. */
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly givenName: string;
  readonly familyName: string;
  /** Raw role names as the tokens carry them (legacy `maquinaria` included, not normalised). */
  readonly roles: readonly Role[];
  /** Which systems the roles open, as DESIGN.md's table says it. */
  readonly systems: string;
  readonly empresa: string;
  readonly cargo: string;
  /** E.164, as OpenID Connect's `phone_number` expects. */
  readonly phoneNumber: string;
};

const account = (
  local: string,
  givenName: string,
  familyName: string,
  roles: readonly Role[],
  systems: string,
  empresa: string,
  cargo: string,
  phoneNumber: string,
): DemoAccount => ({
  sub: `demo|${local}`,
  email: `${local}@tvsistema.test`,
  name: `${givenName} ${familyName}`,
  givenName,
  familyName,
  roles,
  systems,
  empresa,
  cargo,
  phoneNumber,
});

/** The demo accounts of DESIGN.md ("Development identity provider: contract"), in its order. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account(
    'admin',
    'Ana',
    'Administradora',
    ['administracion'],
    'alquileres, transportes, verticales',
    'Grupo TVSistema',
    'Administradora del sistema',
    '+34971100101',
  ),
  account(
    'empleado',
    'Esteban',
    'Empleado',
    ['empleado'],
    'alquileres',
    'Alquileres',
    'Auxiliar administrativo',
    '+34971100102',
  ),
  account(
    'alquileres',
    'Alicia',
    'Alquileres',
    ['alquileres'],
    'alquileres',
    'Alquileres',
    'Responsable de alquileres',
    '+34971100103',
  ),
  account(
    'transportes',
    'Tomás',
    'Transportes',
    ['transportes'],
    'transportes',
    'Transportes',
    'Jefe de tráfico',
    '+34971100104',
  ),
  account(
    'maquinaria',
    'Marcos',
    'Maquinaria',
    ['maquinaria'],
    'transportes',
    'Transportes',
    'Jefe de taller',
    '+34971100105',
  ),
  account(
    'arquitecto',
    'Arturo',
    'Arquitecto',
    ['arquitecto'],
    'verticales',
    'Trabajos Verticales',
    'Arquitecto técnico',
    '+34971100106',
  ),
  account(
    'operaciones',
    'Olga',
    'Operaciones',
    ['operaciones', 'alquileres', 'transportes'],
    'alquileres, transportes',
    'Grupo TVSistema',
    'Directora de operaciones',
    '+34971100107',
  ),
  // Owner decision (flota-obras.md §7): the verticales role reaches its system and views works.
  account(
    'verticales',
    'Valentina',
    'Verticales',
    ['verticales'],
    'verticales',
    'Trabajos Verticales',
    'Encargada de obra',
    '+34971100109',
  ),
  account(
    'sinroles',
    'Sergio',
    'Sinroles',
    [],
    'ninguno',
    'Grupo TVSistema',
    'Becario',
    '+34971100108',
  ),
];

const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const findDemoAccountByEmail = (email: string): DemoAccount | undefined => {
  const wanted = normaliseEmail(email);
  return DEMO_ACCOUNTS.find((candidate) => candidate.email === wanted);
};

export const findDemoAccountBySub = (sub: string): DemoAccount | undefined =>
  DEMO_ACCOUNTS.find((candidate) => candidate.sub === sub);

/** The namespaced role claims, shaped like an Auth0 Action would add them: `rol` only when there is one. */
export const roleClaims = (demo: DemoAccount, claimsNamespace: string): Record<string, unknown> => {
  const [first] = demo.roles;
  return {
    ...(first === undefined ? {} : { [`${claimsNamespace}rol`]: first }),
    [`${claimsNamespace}roles`]: [...demo.roles],
  };
};

/**
 * What an Auth0 Action adds to the access token (README): the email and the display name, the
 * name under the namespace (Auth0 lets only some profile claims into access tokens), and the roles.
 */
export const accessTokenClaims = (
  demo: DemoAccount,
  claimsNamespace: string,
): Record<string, unknown> => ({
  email: demo.email,
  [`${claimsNamespace}name`]: demo.name,
  ...roleClaims(demo, claimsNamespace),
});

/** Everything the provider may release about an account; the scopes decide what reaches each token. */
export const accountClaims = (
  demo: DemoAccount,
  claimsNamespace: string,
): Record<string, unknown> => ({
  sub: demo.sub,
  name: demo.name,
  given_name: demo.givenName,
  family_name: demo.familyName,
  email: demo.email,
  email_verified: true,
  phone_number: demo.phoneNumber,
  phone_number_verified: false,
  empresa: demo.empresa,
  cargo: demo.cargo,
  ...roleClaims(demo, claimsNamespace),
});
