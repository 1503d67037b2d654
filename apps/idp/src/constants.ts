/** Above the 60 s the Auth0 SDK subtracts before it considers a cached token expired. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** Cookies are per host, not per port: the prefix keeps ours apart from the API's on localhost. */
export const COOKIE_PREFIX = 'tvs_';
