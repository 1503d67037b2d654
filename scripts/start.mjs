// `npm start`: build what is missing, then run the product (API + SPA, and the development
// identity provider when no external tenant is configured) in this process. With WEB_DIST_DIR
// the build found there is served as it is (`LIGHTHOUSE_SKIP_BUILD=1 WEB_DIST_DIR=dir` audits a
// build kept elsewhere): rebuilding apps/web/dist would only cost time it does not serve.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

if (!process.env.WEB_DIST_DIR) ensureWebBuild();
register();
await import('./serve.ts');
