// The public face of the auth feature: other features import only from here.
export { AuthContext, useAuthContext } from './auth-context.js';
export type { AuthContextValue, AuthUser, LoginOptions } from './auth-context.js';
