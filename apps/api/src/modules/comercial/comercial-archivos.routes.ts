import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ARCHIVO_MAX_BYTES, archivoSchema } from '@tvsistema/domain/archivos';
import {
  ARCHIVOS_ALQUILER_MESSAGES,
  archivosAlquilerQuerySchema,
  archivosAlquilerSchema,
  CARPETA_POR_DEFECTO,
  carpetaAlquilerSchema,
  COMERCIAL_MESSAGES as M,
  MAX_ARCHIVOS_ALQUILER,
} from '@tvsistema/domain/comercial';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type AuthUser } from '../../auth/auth.plugin.js';
import type { ApiConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { errorSchema } from '../../http/schemas.js';
import { enviarArchivo, servicioArchivos, type Propietario } from '../archivos/index.js';
import { registrarHistorial } from '../historial/index.js';
import { RECURSO_ALQUILER, type createAlquileresService } from './alquileres.service.js';
import { lockAlquiler } from './comercial.repository.js';

// comercial.md §6 "Archivos": the rental's archive on the shared files service, in folders
// (`carpeta`, default "otros"), at most 200 files, every upload and deletion a history row of the
// rental. SPEC 2.11 gives the archive no role guard (alquileres.archivos, any signed-in user), but
// only callers who reach the alquileres empresa see a rental (404 otherwise).

const params = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), archivoId: z.string() });
const tags = ['alquileres'];

/** The `carpeta` field of an upload: validated, "otros" when absent. */
const carpetaDe = (campos: Record<string, string>): string => {
  const carpeta = campos['carpeta']?.trim() || CARPETA_POR_DEFECTO;
  if (!carpetaAlquilerSchema.safeParse(carpeta).success)
    throw invalidData([`carpeta: ${ARCHIVOS_ALQUILER_MESSAGES.carpeta}`]);
  return carpeta;
};

export const registerArchivosAlquiler = async (
  app: FastifyInstance,
  {
    database,
    config,
    alquileres,
  }: {
    database: Database;
    config: ApiConfig;
    alquileres: ReturnType<typeof createAlquileresService>;
  },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 5 } });
  const archivos = servicioArchivos(database, config.dataDir, config.s3);

  const alquilerDe = async (user: AuthUser, id: string) => {
    if (!canAccessEmpresa(user.roles, 'alquileres')) throw notFound(M.alquilerNoEncontrado);
    const alquiler = await alquileres.get(id);
    const owner: Propietario = {
      recurso: 'alquiler',
      registroId: alquiler._id,
      empresa: 'alquileres',
    };
    return { alquiler, owner };
  };

  /** The rental's history row of an upload or a deletion, in that write's transaction. */
  const historial = (
    tx: Tx,
    user: AuthUser,
    id: string,
    antes: string | null,
    despues: string | null,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_ALQUILER,
      registroId: id,
      empresa: 'alquileres',
      accion: 'modificar',
      antes: { archivo: antes },
      despues: { archivo: despues },
      campos: ['archivo'],
      usuario: user,
    });

  routes.get(
    '/alquileres/:id/archivos',
    {
      config: { permission: 'alquileres.archivos' },
      schema: {
        tags,
        summary: 'Archivos del alquiler (todas las carpetas o una)',
        params,
        querystring: archivosAlquilerQuerySchema,
        response: {
          200: z.object({ data: archivosAlquilerSchema }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { alquiler, owner } = await alquilerDe(currentUser(request), request.params.id);
      const [carpetas, lista] = await Promise.all([
        archivos.carpetas(owner),
        archivos.list(owner, request.query.carpeta),
      ]);
      return {
        data: {
          alquiler: { numero: alquiler.numero, cliente: alquiler.cliente?.nombre ?? '' },
          carpetas,
          archivos: lista,
        },
      };
    },
  );

  routes.post(
    '/alquileres/:id/archivos',
    {
      config: { permission: 'alquileres.archivos' },
      schema: {
        tags,
        summary:
          'Subir un archivo (multipart/form-data: «carpeta» y después «archivo»; 25 MB como máximo)',
        params,
        response: {
          201: z.object({ data: archivoSchema }),
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { alquiler, owner } = await alquilerDe(user, request.params.id);
      const lleno = () => new HttpError(409, ARCHIVOS_ALQUILER_MESSAGES.limite);
      // Early refusal before reading the body; the rule itself is checked again below.
      if ((await archivos.total(owner)) >= MAX_ARCHIVOS_ALQUILER) throw lleno();
      const { archivo } = await archivos.recibir(request, owner, user, carpetaDe, {
        // R23 under concurrency: the rental's row is locked before counting, so of two uploads
        // racing for the 200th place one waits for the other's commit and then counts it.
        antes: async (tx, repo) => {
          if (!(await lockAlquiler(tx, alquiler._id))) throw notFound(M.alquilerNoEncontrado);
          if ((await repo.total(owner)) >= MAX_ARCHIVOS_ALQUILER) throw lleno();
        },
        despues: (tx, subido) => historial(tx, user, alquiler._id, null, subido.nombre),
      });
      return reply.code(201).send({ data: archivo });
    },
  );

  routes.get(
    '/alquileres/:id/archivos/:archivoId/descarga',
    {
      config: { permission: 'alquileres.archivos' },
      schema: { tags, summary: 'Descargar un archivo', params: fileParams },
    },
    async (request, reply) => {
      const { owner } = await alquilerDe(currentUser(request), request.params.id);
      const { archivo, stream } = await archivos.download(owner, request.params.archivoId);
      return enviarArchivo(reply, archivo, stream);
    },
  );

  routes.delete(
    '/alquileres/:id/archivos/:archivoId',
    {
      config: { permission: 'alquileres.archivos' },
      schema: {
        tags,
        summary: 'Eliminar un archivo',
        params: fileParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { alquiler, owner } = await alquilerDe(user, request.params.id);
      await archivos.remove(owner, request.params.archivoId, (tx, archivo) =>
        historial(tx, user, alquiler._id, archivo.nombre, null),
      );
      return reply.code(204).send(null);
    },
  );
};
