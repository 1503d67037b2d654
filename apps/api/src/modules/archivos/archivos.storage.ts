import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The bytes of uploaded files under `DATA_DIR/archivos/<first two hex>/<sha256>` (backed up with
 * the database, see backup.ts). Written to a temporary file while hashed, then renamed: a file is
 * never half there, and the same content is stored once.
 */
export const createLocalStorage = (dataDir: string) => {
  const root = join(dataDir, 'archivos');
  const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), sha256);

  return {
    /** Streams the upload to a temporary file; resolves with its hash and size. */
    receive: async (source: Readable) => {
      await mkdir(join(root, 'tmp'), { recursive: true });
      const temporary = join(root, 'tmp', randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      await pipeline(source, createWriteStream(temporary));
      return { temporary, sha256: hash.digest('hex'), size };
    },
    /** Moves a received file to its place (kept if that content is already stored). */
    keep: async (temporary: string, sha256: string) => {
      const target = pathOf(sha256);
      await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (exists) await rm(temporary, { force: true });
      else await rename(temporary, target);
    },
    discard: (temporary: string) => rm(temporary, { force: true }),
    open: (sha256: string) => createReadStream(pathOf(sha256)),
    remove: (sha256: string) => rm(pathOf(sha256), { force: true }),
  };
};

export type FileStorage = ReturnType<typeof createLocalStorage>;
