/** The identity settings shared by the benchmark's token minting and its API process. */
export const BENCH_AUTH = {
  issuer: 'http://localhost:3001/',
  audience: 'https://api.tvsistema.es',
  claimsNamespace: 'https://tvsistema.es/',
} as const;
