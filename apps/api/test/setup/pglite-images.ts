// The two PGlite images every API test file on PGlite starts from (the migrated schema, and the
// same with Spain's reference locations), cached under the API's node_modules by content: built by
// the global setup when missing, or ahead of the Vitest run by prepare-images.ts, which `npm test`
// runs beside the lint (docs/decisions/0040-ci-schedule.md).
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createPgliteClient, pgliteDatabase } from '../../src/db/database.js';
import {
  LOCATIONS_ES_DIR,
  migrate,
  MIGRATIONS_DIR,
  seedLocationReferenceData,
} from '../../src/index.js';
import { TEST_IMAGE_KEYS, type TestImageKey } from '../helpers/test-images.js';

export const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

// The image format is PGlite's own: a new version gets new images. (Its package.json is not an export.)
const pgliteVersion = async (): Promise<string> => {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await exists(join(folder, 'package.json')))) folder = dirname(folder);
  return (JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { version: string })
    .version;
};

/** What an image depends on: PGlite's version, the migrations and the reference data. */
const imageHash = async (): Promise<string> => {
  const hash = createHash('sha256').update(await pgliteVersion());
  for (const folder of [MIGRATIONS_DIR, LOCATIONS_ES_DIR]) {
    for (const name of (await readdir(folder)).sort()) {
      if (!/\.(sql|csv)$/.test(name)) continue;
      hash.update(name).update(await readFile(join(folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
};

const write = async (path: string, image: Blob) => {
  // Written beside and renamed, so a concurrent run never reads half a file.
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
  await rename(partial, path);
};

/** The images' paths under `apiRoot`, built first when any is missing. */
export const ensurePgliteImages = async (
  apiRoot: string,
  options: { build: boolean } = { build: true },
): Promise<Record<TestImageKey, string>> => {
  const folder = join(apiRoot, 'node_modules', '.cache', 'tvsistema-test-db');
  const hash = await imageHash();
  const paths = Object.fromEntries(
    TEST_IMAGE_KEYS.map((key) => [key, join(folder, `${key}-${hash}.tar`)]),
  ) as Record<TestImageKey, string>;
  const cached = await Promise.all(Object.values(paths).map(exists));
  if (options.build && !cached.every(Boolean)) {
    await mkdir(folder, { recursive: true });
    const client = await createPgliteClient();
    const database = pgliteDatabase(client);
    try {
      await migrate(database);
      await write(paths.migrated, await client.dumpDataDir('none'));
      await seedLocationReferenceData(database);
      await write(paths.locations, await client.dumpDataDir('none'));
    } finally {
      await database.close();
    }
  }
  return paths;
};
