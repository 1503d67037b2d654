// What the journeys' server needs before it starts: the database template and the SPA build, each
// made only when its sources changed. `npm test` runs this beside the lint, where a core is free,
// so the end-to-end step starts its server at once (docs/decisions/0040-ci-schedule.md).
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { ensureTemplate } from './db-template.mjs';

if (!ensureTemplate()) process.exit(1);
ensureWebBuild();
