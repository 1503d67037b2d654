// Runs the API alone (`tsx apps/api/src/main.ts`), without the SPA launcher or the identity provider.
import { ConfigError } from './config.js';
import { startApi } from './server.js';

try {
  await startApi();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  console.error(error);
  process.exit(1);
}
