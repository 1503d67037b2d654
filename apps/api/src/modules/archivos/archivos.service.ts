import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
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
import type { Tx } from '../../db/executor.js';
import type { ArchivosRepository, ArchivosEnTx, Propietario } from './archivos.repository.js';
import type { FileStorage } from './archivos.storage.js';

const tooLarge = () => new HttpError(413, ARCHIVO_MESSAGES.tooLarge);
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

/** "nombre.pdf" → "nombre (2).pdf", "nombre (3).pdf"… the first one the folder does not hold. */
const libreEn = (nombre: string, tomados: Set<string>) => {
  if (!tomados.has(nombre)) return nombre;
  const punto = nombre.lastIndexOf('.');
  const [base, ext] = punto > 0 ? [nombre.slice(0, punto), nombre.slice(punto)] : [nombre, ''];
  for (let n = 2; ; n += 1) {
    const candidato = `${base} (${n})${ext}`;
    if (!tomados.has(candidato)) return candidato;
  }
};

/** The text fields sent before the file in the same multipart body (a document's metadata). */
const camposDe = (fields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => {
      const value = (field as { type?: string; value?: unknown } | undefined) ?? {};
      return value.type === 'field' && typeof value.value === 'string' ? [[name, value.value]] : [];
    }),
  );

/**
 * What a module runs in the transaction that writes a file's row: `antes` first (lock its record,
 * check a limit: throwing refuses the upload with nothing written), `despues` with the stored
 * file (its history row). Bytes already kept are removed again when the row is refused.
 */
export type EnTransaccion = {
  antes?: (tx: Tx, repository: ArchivosEnTx) => Promise<void>;
  despues?: (tx: Tx, archivo: Archivo) => Promise<void>;
};

/** What a module may change of the service: the 415's text (decision 0039). */
export type ArchivosOpciones = { tipoNoPermitido?: string };

export const createArchivosService = (
  repository: ArchivosRepository,
  storage: FileStorage,
  { tipoNoPermitido = ARCHIVO_MESSAGES.typeNotAllowed }: ArchivosOpciones = {},
) => {
  const notAllowed = () => new HttpError(415, tipoNoPermitido);
  /**
   * Checks and stores bytes already received to a temporary file: 415 for anything but PDF,
   * images, Office and CSV, by content (a PNG named .pdf is stored as PNG). In a folder, a name
   * the folder already holds gets " (2)", " (3)"…
   */
  const guardarRecibido = async (
    received: { temporary: string; sha256: string; size: number },
    original: string,
    owner: Propietario,
    user: AuthUser | undefined,
    carpeta: string | undefined,
    enTx?: EnTransaccion,
  ): Promise<Archivo> => {
    if (received.size === 0) throw new HttpError(400, ARCHIVO_MESSAGES.empty);
    const detected = await fileTypeFromFile(received.temporary);
    const mime =
      detected && ARCHIVO_TIPOS[detected.mime]
        ? detected.mime
        : !detected && (await looksLikeCsv(received.temporary, original))
          ? 'text/csv'
          : undefined;
    if (!mime) throw notAllowed();
    const nombre = nameFor(original, mime);
    const insertar = async (repo: ArchivosEnTx) =>
      repo.insert(
        owner,
        {
          nombre:
            carpeta === undefined ? nombre : libreEn(nombre, await repo.nombresEn(owner, carpeta)),
          mime,
          tamano: received.size,
          sha256: received.sha256,
          ...(carpeta === undefined ? {} : { carpeta }),
        },
        user,
      );
    if (!enTx) {
      await storage.keep(received.temporary, received.sha256);
      return insertar(repository);
    }
    let guardado = false;
    try {
      return await repository.transaction(async (repo, tx) => {
        await enTx.antes?.(tx, repo);
        await storage.keep(received.temporary, received.sha256);
        guardado = true;
        const archivo = await insertar(repo);
        await enTx.despues?.(tx, archivo);
        return archivo;
      });
    } catch (error) {
      // Refused after its bytes were kept: they go unless another row names the same content.
      if (guardado && (await repository.usesOf(received.sha256)) === 0)
        await storage.remove(received.sha256);
      throw error;
    }
  };

  /**
   * Takes the multipart field `archivo` (413 past 25 MB). Fields sent before the file come back
   * as `campos`; a module with folders passes `carpetaDe`, which reads (and validates) the folder
   * from them.
   */
  const recibir = async (
    request: FastifyRequest,
    owner: Propietario,
    user: AuthUser,
    carpetaDe?: (campos: Record<string, string>) => string,
    enTx?: EnTransaccion,
  ): Promise<{ archivo: Archivo; campos: Record<string, string> }> => {
    if (!request.isMultipart()) throw new HttpError(400, ARCHIVO_MESSAGES.notMultipart);
    const file = await request.file({ limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1 } });
    if (!file) throw new HttpError(400, ARCHIVO_MESSAGES.notMultipart);
    const received = await storage.receive(file.file);
    try {
      if (file.file.truncated) throw tooLarge();
      const campos = camposDe(file.fields as Record<string, unknown>);
      const archivo = await guardarRecibido(
        received,
        file.filename,
        owner,
        user,
        carpetaDe?.(campos),
        enTx,
      );
      return { archivo, campos };
    } finally {
      await storage.discard(received.temporary);
    }
  };

  /** Stores bytes the server made itself (the demo world's documents), with the same checks. */
  const guardar = async (
    owner: Propietario,
    archivo: { nombre: string; contenido: Buffer; carpeta?: string },
    user?: AuthUser,
  ): Promise<Archivo> => {
    const received = await storage.receive(Readable.from([archivo.contenido]));
    try {
      return await guardarRecibido(received, archivo.nombre, owner, user, archivo.carpeta);
    } finally {
      await storage.discard(received.temporary);
    }
  };

  return {
    list: (owner: Propietario, carpeta?: string) => repository.list(owner, carpeta),
    carpetas: (owner: Propietario) => repository.carpetas(owner),
    total: (owner: Propietario) => repository.total(owner),
    upload: async (request: FastifyRequest, owner: Propietario, user: AuthUser): Promise<Archivo> =>
      (await recibir(request, owner, user)).archivo,
    recibir,
    guardar,

    /** The file and a stream of its bytes; 404 unless it belongs to that owner. */
    download: async (owner: Propietario, id: string) => {
      const archivo = isUuid(id) ? await repository.find(owner, id) : undefined;
      if (!archivo) throw notFound();
      return { archivo, stream: await storage.open(archivo.sha256) };
    },

    /**
     * Deletes the row (404 unless it belongs to that owner), with `despues` (a history row) in
     * the same transaction; its bytes go after the commit when no other row names them.
     */
    remove: async (
      owner: Propietario,
      id: string,
      despues?: (tx: Tx, archivo: Archivo) => Promise<void>,
    ) => {
      const archivo = await repository.transaction(async (repo, tx) => {
        const encontrado = isUuid(id) ? await repo.find(owner, id) : undefined;
        if (!encontrado) throw notFound();
        await repo.remove(encontrado._id);
        await despues?.(tx, encontrado);
        return encontrado;
      });
      if ((await repository.usesOf(archivo.sha256)) === 0) await storage.remove(archivo.sha256);
      return archivo;
    },
  };
};

export type ArchivosService = ReturnType<typeof createArchivosService>;
