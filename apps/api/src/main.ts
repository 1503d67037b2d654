// Runs the API alone (`tsx apps/api/src/main.ts`), without the SPA launcher or the identity provider.
import { startApi } from './server.js';
import { describeStartupError } from './startup-errors.js';

try {
  await startApi();
} catch (error) {
  const { line, exitCode } = describeStartupError(error);
  console.error(line);
  process.exit(exitCode);
}
