import { and, count, desc, eq } from 'drizzle-orm';
import type { AccionHistorial, Cambio, EntradaHistorial } from '@tvsistema/domain/historial';
import type { Database, SqlRunner } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { historial } from './historial.table.js';

/** One row to write. */
export type NuevaEntrada = {
  recurso: string;
  registroId: string;
  empresa: string | null;
  accion: AccionHistorial;
  cambios: Cambio[];
  usuarioSub: string | null;
  usuarioEmail: string | null;
  requestId: string | null;
};

const INSERT_SQL = `insert into historial
  (recurso, registro_id, empresa, accion, cambios, usuario_sub, usuario_email, request_id)
  values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`;

/**
 * Writes the row with the caller's transaction: a Drizzle one (`Executor`) or a raw one
 * (`SqlRunner`, the modules that write with SQL text), so it commits or rolls back with the change.
 */
export const insertEntrada = async (target: Executor | SqlRunner, entrada: NuevaEntrada) => {
  if ('execute' in target) {
    await target.insert(historial).values(entrada);
    return;
  }
  await target.query(INSERT_SQL, [
    entrada.recurso,
    entrada.registroId,
    entrada.empresa,
    entrada.accion,
    JSON.stringify(entrada.cambios),
    entrada.usuarioSub,
    entrada.usuarioEmail,
    entrada.requestId,
  ]);
};

/** A record's history, newest first, one page, and how many entries it has. */
export const pageOfEntradas = async (
  database: Database,
  recurso: string,
  registroId: string,
  page: { limit: number; offset: number },
): Promise<{ data: EntradaHistorial[]; total: number }> => {
  const where = and(eq(historial.recurso, recurso), eq(historial.registroId, registroId));
  const [rows, [totals]] = await Promise.all([
    database.db
      .select()
      .from(historial)
      .where(where)
      .orderBy(desc(historial.fecha), desc(historial.id))
      .limit(page.limit)
      .offset(page.offset),
    database.db.select({ total: count() }).from(historial).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      fecha: row.fecha.toISOString(),
      usuario: row.usuarioEmail ?? row.usuarioSub,
      accion: row.accion as AccionHistorial,
      cambios: row.cambios,
    })),
    total: totals?.total ?? 0,
  };
};
