import { cambiosEntre } from '@tvsistema/domain/historial';
import type { AccionHistorial } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Database, SqlRunner } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { currentRequest } from '../../http/request-context.js';
import { insertEntrada, pageOfEntradas } from './historial.repository.js';

/** What a module tells about one change of one of its records. */
export type Cambiado = {
  /** The record's type: `proveedor`, `cliente`, `localizacion.calle`… */
  recurso: string;
  registroId: string;
  empresa?: string | null;
  accion: AccionHistorial;
  /** The record before (undefined for a creation) and after (undefined for a deletion). */
  antes?: Readonly<Record<string, unknown>> | undefined;
  despues?: Readonly<Record<string, unknown>> | undefined;
  /** The fields the history follows, as the API record names them. */
  campos: readonly string[];
  /** Who; undefined for the system (seeds). */
  usuario?: Pick<AuthUser, 'sub' | 'email'> | undefined;
};

/**
 * Records one change, inside the caller's transaction (`tx`), with the fields it changed. An
 * update that changed none of the followed fields records nothing.
 */
export const registrarHistorial = async (tx: Executor | SqlRunner, cambio: Cambiado) => {
  const cambios = cambiosEntre(cambio.antes, cambio.despues, cambio.campos);
  if (cambio.accion === 'modificar' && cambios.length === 0) return;
  await insertEntrada(tx, {
    recurso: cambio.recurso,
    registroId: cambio.registroId,
    empresa: cambio.empresa ?? null,
    accion: cambio.accion,
    cambios,
    usuarioSub: cambio.usuario?.sub ?? null,
    usuarioEmail: cambio.usuario?.email ?? null,
    requestId: currentRequest()?.requestId ?? null,
  });
};

/** One page of a record's history as the API answers it: `{ data, meta }`. */
export const leerHistorial = async (
  database: Database,
  recurso: string,
  registroId: string,
  query: HistorialQuery,
) => {
  const { data, total } = await pageOfEntradas(database, recurso, registroId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data, meta: pageMetaOf(query.page, query.limit, total) };
};
