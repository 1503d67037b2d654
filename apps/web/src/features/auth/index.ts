// The public face of the auth feature: what the app layer mounts. The context and its hook live in
// lib/auth-context.ts, so shared components and other features read identity without this feature.
export { AuthProvider } from './auth-provider.js';
export { CallbackPage } from './components/callback-page.js';
export { IdentityErrorGate } from './components/identity-error-gate.js';
export { rememberLoginAppState } from './utils/login-state.js';
