// Backups of everything the product stores: the database (PGlite's folder under DATA_DIR, or a
// pg_dump of DATABASE_URL) and the folders beside it in DATA_DIR (uploaded files, the development
// identity provider's keys and sessions), in one timestamped .tar.gz. `npm run backup` and
// `npm run restore -- <archive>` are thin CLIs over these two functions.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** DATA_DIR folders saved with the database, when present. */
export const BACKUP_FOLDERS = ['archivos', 'idp'] as const;
const PGLITE_FOLDER = 'pglite';
const DUMP_FILE = 'database.dump';
const MANIFEST = 'manifest.json';

export type BackupManifest = {
  formato: 1;
  creado: string;
  motor: 'pglite' | 'postgres';
  carpetas: string[];
};

export type BackupOptions = {
  dataDir: string;
  /** PostgreSQL to dump; without it, DATA_DIR's PGlite folder is saved (the API must be stopped). */
  databaseUrl?: string | undefined;
  /** Folder the archive is written to. */
  outDir: string;
  now?: Date;
};

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');

const present = (dataDir: string, names: readonly string[]) =>
  names.filter((name) => existsSync(join(dataDir, name)));

/** Writes `tvsistema-backup-<UTC time>.tar.gz` into outDir and returns its path. */
export async function createBackup(options: BackupOptions): Promise<string> {
  const now = options.now ?? new Date();
  const motor = options.databaseUrl ? 'postgres' : 'pglite';
  const staging = await mkdtemp(join(tmpdir(), 'tvsistema-backup-'));
  try {
    if (options.databaseUrl) {
      // Custom format: compressed, and pg_restore can recreate it into an empty database.
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        join(staging, DUMP_FILE),
        options.databaseUrl,
      ]);
    } else if (!existsSync(join(options.dataDir, PGLITE_FOLDER))) {
      throw new BackupError(
        `No hay base de datos en ${join(options.dataDir, PGLITE_FOLDER)} / Nothing to back up there`,
      );
    }
    const carpetas = present(options.dataDir, [
      ...(options.databaseUrl ? [] : [PGLITE_FOLDER]),
      ...BACKUP_FOLDERS,
    ]);
    const manifest: BackupManifest = { formato: 1, creado: now.toISOString(), motor, carpetas };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(options.outDir, { recursive: true });
    const archive = join(options.outDir, `tvsistema-backup-${stamp(now)}.tar.gz`);
    const fromStaging = ['-C', staging, ...(await readdir(staging))];
    const fromDataDir = carpetas.length > 0 ? ['-C', options.dataDir, ...carpetas] : [];
    await run('tar', ['-czf', archive, ...fromStaging, ...fromDataDir]);
    return archive;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export type RestoreOptions = {
  archive: string;
  dataDir: string;
  /** PostgreSQL to restore into (it should be empty); required for a PostgreSQL backup. */
  databaseUrl?: string | undefined;
};

/**
 * Restores an archive of createBackup into an empty DATA_DIR (and an empty PostgreSQL for a
 * PostgreSQL backup). Nothing that exists is overwritten: a folder already there stops the restore.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const unpacked = await mkdtemp(join(tmpdir(), 'tvsistema-restore-'));
  try {
    await run('tar', ['-xzf', options.archive, '-C', unpacked]);
    const manifest = JSON.parse(await readFile(join(unpacked, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.formato !== 1)
      throw new BackupError('Formato de copia desconocido / Unknown backup format');
    const taken = manifest.carpetas.filter((name) => existsSync(join(options.dataDir, name)));
    if (taken.length > 0) {
      throw new BackupError(
        `Ya existe ${taken.map((name) => join(options.dataDir, name)).join(', ')}: restaura en un DATA_DIR vacío / ` +
          'restore into an empty DATA_DIR',
      );
    }
    if (manifest.motor === 'postgres') {
      if (!options.databaseUrl) {
        throw new BackupError('La copia es de PostgreSQL: indica DATABASE_URL / set DATABASE_URL');
      }
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        options.databaseUrl,
        join(unpacked, DUMP_FILE),
      ]);
    }
    await mkdir(options.dataDir, { recursive: true });
    for (const name of manifest.carpetas) {
      await cp(join(unpacked, name), join(options.dataDir, name), { recursive: true });
    }
    return manifest;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
