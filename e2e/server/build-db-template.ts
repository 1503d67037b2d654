// Builds the e2e database template (see web-server.mjs) in the folder given as argument: a new
// PGlite database, migrated and seeded exactly as the server's start would, then closed.
import { createDatabase, prepareDatabase } from '@tvsistema/api';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Falta la carpeta de la plantilla');

const database = await createDatabase({ dataDir });
try {
  await prepareDatabase(database);
} finally {
  await database.close();
}
