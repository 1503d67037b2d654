// Files, a platform service (modules/README.md "Files"): the metadata table and the routes a
// module mounts for its records' documents, with its own permissions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { S3Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { ModuleContext } from '../../module.js';
import { createArchivosRepository } from './archivos.repository.js';
import { createArchivosService, type ArchivosOpciones } from './archivos.service.js';
import { createStorage } from './archivos.storage.js';
import { archivos } from './archivos.table.js';

export const routes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
export const tables = { archivos } as const;

export { enviarArchivo, registerArchivoRoutes } from './archivos.routes.js';
export type { ArchivoRoutesOptions } from './archivos.routes.js';
export type { Propietario } from './archivos.repository.js';
export type { ArchivosOpciones, ArchivosService, EnTransaccion } from './archivos.service.js';

/**
 * The files service for a module that keeps its own metadata beside each file (inventario);
 * `opciones.tipoNoPermitido` is the module's own 415 text (camiones, obras: decision 0039).
 */
export const servicioArchivos = (
  database: Database,
  dataDir: string,
  s3: S3Config | undefined,
  opciones: ArchivosOpciones = {},
) =>
  createArchivosService(createArchivosRepository(database), createStorage(dataDir, s3), opciones);
