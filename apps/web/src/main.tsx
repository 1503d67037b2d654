import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import { App } from './app/index.js';
import { installGlobalErrorHandling } from './app/global-errors.js';
import { makeZodJitless } from './app/zod-jitless.js';
import { startRuntimeConfig } from './app/runtime-config-loader.js';
import { loadIdentitySdk } from './lib/identity-sdk.js';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

installGlobalErrorHandling();
makeZodJitless();
// The SDK's chunk (preloaded by index.html, vite-identity-preload.ts) runs beside the runtime
// configuration request; IdentityProvider reports a failure, so no handler is needed here.
loadIdentitySdk().catch(() => undefined);
// The runtime configuration too: RuntimeConfigLoader takes this request and reports a failure.
startRuntimeConfig().catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
