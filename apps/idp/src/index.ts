export { startIdp, type IdpLogger, type IdpOptions, type RunningIdp } from './server.js';
export { mintAccessToken, UnknownDemoAccountError, type MintAccessTokenOptions } from './mint.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './accounts.js';
export { ACCESS_TOKEN_TTL_SECONDS, COOKIE_PREFIX } from './constants.js';
export { jwksPath } from './keys.js';
