// `npm start`: build what is missing, then run the product (API + SPA, and the development
// identity provider when no external tenant is configured) in this process.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('./serve.ts');
