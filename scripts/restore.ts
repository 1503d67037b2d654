// `npm run restore -- <archive>`: restores a backup of `npm run backup` into an empty DATA_DIR
// (and, for a PostgreSQL backup, into the empty database of DATABASE_URL). Overwrites nothing.
import { resolve } from 'node:path';
import { restoreBackup } from '@tvsistema/api/tools';

const archive = process.argv[2];
if (!archive) {
  console.error('Uso / Usage: npm run restore -- <archivo .tar.gz>');
  process.exit(2);
}
try {
  const manifest = await restoreBackup({
    archive: resolve(archive),
    dataDir: resolve(process.env.DATA_DIR || './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  console.log(
    `Copia del ${manifest.creado} (${manifest.motor}) restaurada / Backup restored: ${manifest.carpetas.join(', ') || 'base de datos'}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
