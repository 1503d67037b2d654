import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { FastifyRequest } from 'fastify';
import {
  ARCHIVO_MAX_BYTES,
  ARCHIVO_MESSAGES,
  ARCHIVO_TIPOS,
  type Archivo,
} from '@tvsistema/domain/archivos';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';
import type { ArchivosRepository, Propietario } from './archivos.repository.js';
import type { FileStorage } from './archivos.storage.js';

const tooLarge = () => new HttpError(413, ARCHIVO_MESSAGES.tooLarge);
const notAllowed = () => new HttpError(415, ARCHIVO_MESSAGES.typeNotAllowed);
const notFound = () => new HttpError(404, ARCHIVO_MESSAGES.notFound);

/** A CSV has no magic number: UTF-8 text (no NUL) in a file named .csv. */
const looksLikeCsv = async (path: string, nombre: string) => {
  if (!/\.csv$/i.test(nombre)) return false;
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 4));
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
};

/** The name the file keeps: its own, with the extension of what it really is. */
const nameFor = (original: string, mime: string) => {
  const extension = ARCHIVO_TIPOS[mime] ?? 'bin';
  const base =
    original
      .replace(/[\\/]/g, '_')
      .replace(/\.[^.]*$/, '')
      .trim() || 'archivo';
  return `${base.slice(0, 200)}.${extension}`;
};

/** The text fields sent before the file in the same multipart body (a document's metadata). */
const camposDe = (fields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => {
      const value = (field as { type?: string; value?: unknown } | undefined) ?? {};
      return value.type === 'field' && typeof value.value === 'string' ? [[name, value.value]] : [];
    }),
  );

export const createArchivosService = (repository: ArchivosRepository, storage: FileStorage) => {
  /**
   * Takes the multipart field `archivo`: 413 past 25 MB, 415 for anything but PDF, images,
   * Office and CSV, by content (a PNG named .pdf is stored as PNG). Fields sent before the file
   * come back as `campos`.
   */
  const recibir = async (
    request: FastifyRequest,
    owner: Propietario,
    user: AuthUser,
  ): Promise<{ archivo: Archivo; campos: Record<string, string> }> => {
    if (!request.isMultipart()) throw new HttpError(400, ARCHIVO_MESSAGES.notMultipart);
    const file = await request.file({ limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1 } });
    if (!file) throw new HttpError(400, ARCHIVO_MESSAGES.notMultipart);
    const received = await storage.receive(file.file);
    try {
      if (file.file.truncated) throw tooLarge();
      if (received.size === 0) throw new HttpError(400, ARCHIVO_MESSAGES.empty);
      const detected = await fileTypeFromFile(received.temporary);
      const mime =
        detected && ARCHIVO_TIPOS[detected.mime]
          ? detected.mime
          : !detected && (await looksLikeCsv(received.temporary, file.filename))
            ? 'text/csv'
            : undefined;
      if (!mime) throw notAllowed();
      await storage.keep(received.temporary, received.sha256);
      const archivo = await repository.insert(
        owner,
        {
          nombre: nameFor(file.filename, mime),
          mime,
          tamano: received.size,
          sha256: received.sha256,
        },
        user,
      );
      return { archivo, campos: camposDe(file.fields as Record<string, unknown>) };
    } finally {
      await storage.discard(received.temporary);
    }
  };

  return {
    list: (owner: Propietario) => repository.list(owner),
    upload: async (request: FastifyRequest, owner: Propietario, user: AuthUser): Promise<Archivo> =>
      (await recibir(request, owner, user)).archivo,
    recibir,

    /** The file and a stream of its bytes; 404 unless it belongs to that owner. */
    download: async (owner: Propietario, id: string) => {
      const archivo = isUuid(id) ? await repository.find(owner, id) : undefined;
      if (!archivo) throw notFound();
      return { archivo, stream: await storage.open(archivo.sha256) };
    },

    remove: async (owner: Propietario, id: string) => {
      const archivo = isUuid(id) ? await repository.find(owner, id) : undefined;
      if (!archivo) throw notFound();
      await repository.remove(archivo._id);
      if ((await repository.usesOf(archivo.sha256)) === 0) await storage.remove(archivo.sha256);
      return archivo;
    },
  };
};

export type ArchivosService = ReturnType<typeof createArchivosService>;
