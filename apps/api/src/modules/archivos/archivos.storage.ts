import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/**
 * The bytes of uploaded files under `DATA_DIR/archivos/<first two hex>/<sha256>` (backed up with
 * the database, see backup.ts). Written to a temporary file while hashed, then renamed: a file is
 * never half there, and the same content is stored once.
 */
/** Where the bytes of uploads go: a folder or a bucket, behind the same five calls. */
export type FileStorage = {
  /** Streams the upload to a temporary file; resolves with its hash and size. */
  receive(source: Readable): Promise<{ temporary: string; sha256: string; size: number }>;
  /** Stores a received file under its hash (kept once per content). */
  keep(temporary: string, sha256: string): Promise<void>;
  discard(temporary: string): Promise<void>;
  open(sha256: string): Promise<Readable>;
  remove(sha256: string): Promise<void>;
};

export const createLocalStorage = (dataDir: string): FileStorage => {
  const root = join(dataDir, 'archivos');
  const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), sha256);

  return {
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
    open: async (sha256: string) => createReadStream(pathOf(sha256)),
    remove: (sha256: string) => rm(pathOf(sha256), { force: true }),
  };
};

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph…) when S3_BUCKET is set: objects `archivos/<aa>/<sha256>`.
 * Uploads are still received to a temporary file under DATA_DIR (hashed, typed by content) and
 * then put, so a refused file never reaches the bucket.
 */
export const createS3Storage = (dataDir: string, config: S3Config): FileStorage => {
  const local = createLocalStorage(dataDir);
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the newer default (aws-chunked bodies with trailing
    // checksums) is not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const keyOf = (sha256: string) => `archivos/${sha256.slice(0, 2)}/${sha256}`;
  const exists = (sha256: string) =>
    client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) })).then(
      () => true,
      (error: { $metadata?: { httpStatusCode?: number } }) => {
        if (error.$metadata?.httpStatusCode === 404) return false;
        throw error;
      },
    );
  return {
    receive: local.receive,
    discard: local.discard,
    keep: async (temporary, sha256) => {
      if (!(await exists(sha256))) {
        const { size } = await stat(temporary);
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(sha256),
            Body: createReadStream(temporary),
            ContentLength: size,
          }),
        );
      }
      await local.discard(temporary);
    },
    open: async (sha256) => {
      const object = await client.send(
        new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) }),
      );
      return object.Body as Readable;
    },
    remove: async (sha256) => {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) }));
    },
  };
};

/** The bucket when configured, else the folder. */
export const createStorage = (dataDir: string, s3: S3Config | undefined): FileStorage =>
  s3 ? createS3Storage(dataDir, s3) : createLocalStorage(dataDir);
