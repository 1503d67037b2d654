// `npm run backup [-- <folder>]`: one timestamped archive of the database and DATA_DIR's files
// (default folder ./backups). With PGlite, stop the product first: its folder is copied as it is.
import { resolve } from 'node:path';
import { createBackup } from '@tvsistema/api/tools';

const dataDir = resolve(process.env.DATA_DIR || './data');
const outDir = resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? './backups');
try {
  const archive = await createBackup({
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    outDir,
  });
  console.log(`Copia creada / Backup written: ${archive}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
