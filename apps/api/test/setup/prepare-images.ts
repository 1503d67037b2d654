// `node --import tsx apps/api/test/setup/prepare-images.ts`: builds the PGlite test images ahead
// of the Vitest run, whose global setup then finds them (npm test runs this beside the lint).
import { fileURLToPath } from 'node:url';
import { ensurePgliteImages } from './pglite-images.js';

await ensurePgliteImages(fileURLToPath(new URL('../..', import.meta.url)));
