import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import { App } from './app/index.js';
import { installGlobalErrorHandling } from './app/global-errors.js';
import { loadIdentitySdk } from './lib/identity-sdk.js';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

installGlobalErrorHandling();
// The SDK's chunk downloads beside the runtime configuration instead of after it (issue 13);
// IdentityProvider reports a failure, so this promise needs no handler of its own here.
loadIdentitySdk().catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
