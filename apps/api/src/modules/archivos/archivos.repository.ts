import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Archivo } from '@tvsistema/domain/archivos';
import type { Database } from '../../db/database.js';
import type { Executor, Tx } from '../../db/executor.js';
import { archivos } from './archivos.table.js';

export type Propietario = { recurso: string; registroId: string; empresa: string | null };

const toArchivo = (row: typeof archivos.$inferSelect): Archivo => ({
  _id: row.id,
  nombre: row.nombre,
  mime: row.mime,
  tamano: row.tamano,
  sha256: row.sha256,
  subidoEn: row.createdAt.toISOString(),
  subidoPor: row.createdByEmail ?? row.createdBySub,
  carpeta: row.carpeta,
});

const deRegistro = (owner: Propietario, carpeta?: string): SQL | undefined =>
  and(
    eq(archivos.recurso, owner.recurso),
    eq(archivos.registroId, owner.registroId),
    carpeta === undefined ? undefined : eq(archivos.carpeta, carpeta),
  );

/** The statements on one executor: the pool, or a caller's transaction. */
const repositorioEn = (db: Executor) => ({
  insert: async (
    owner: Propietario,
    file: { nombre: string; mime: string; tamano: number; sha256: string; carpeta?: string },
    by: { sub: string; email: string | null } | undefined,
  ): Promise<Archivo> => {
    const [row] = await db
      .insert(archivos)
      .values({
        ...owner,
        ...file,
        createdBySub: by?.sub ?? null,
        createdByEmail: by?.email ?? null,
      })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING returned no row');
    return toArchivo(row);
  },

  /** The record's files, or one folder's (`carpeta`), oldest first. */
  list: async (owner: Propietario, carpeta?: string): Promise<Archivo[]> =>
    (
      await db
        .select()
        .from(archivos)
        .where(deRegistro(owner, carpeta))
        .orderBy(asc(archivos.createdAt), asc(archivos.id))
    ).map(toArchivo),

  /** How many files each folder of the record holds. */
  carpetas: async (owner: Propietario): Promise<{ carpeta: string; total: number }[]> =>
    (
      await db
        .select({ carpeta: archivos.carpeta, total: count() })
        .from(archivos)
        .where(deRegistro(owner))
        .groupBy(archivos.carpeta)
        .orderBy(asc(archivos.carpeta))
    ).flatMap((r) => (r.carpeta === null ? [] : [{ carpeta: r.carpeta, total: r.total }])),

  /** The names already taken in one folder (a duplicate becomes "nombre (2).ext"). */
  nombresEn: async (owner: Propietario, carpeta: string): Promise<Set<string>> =>
    new Set(
      (
        await db
          .select({ nombre: archivos.nombre })
          .from(archivos)
          .where(deRegistro(owner, carpeta))
      ).map((r) => r.nombre),
    ),

  total: async (owner: Propietario): Promise<number> =>
    (await db.select({ n: count() }).from(archivos).where(deRegistro(owner)))[0]?.n ?? 0,

  find: async (owner: Propietario, id: string): Promise<Archivo | undefined> => {
    const [row] = await db
      .select()
      .from(archivos)
      .where(and(eq(archivos.id, id), deRegistro(owner)));
    return row ? toArchivo(row) : undefined;
  },

  remove: async (id: string): Promise<void> => {
    await db.delete(archivos).where(eq(archivos.id, id));
  },

  /** How many rows still name this content (its bytes go when none does). */
  usesOf: async (sha256: string): Promise<number> =>
    (await db.select({ n: count() }).from(archivos).where(eq(archivos.sha256, sha256)))[0]?.n ?? 0,
});

export type ArchivosEnTx = ReturnType<typeof repositorioEn>;

export const createArchivosRepository = ({ db }: Database) => ({
  ...repositorioEn(db),
  /**
   * Runs `work` in one transaction with the same statements on it, so a module can lock its
   * record, count, insert or delete and write its history together (decision 0021).
   */
  transaction: <T>(work: (repository: ArchivosEnTx, tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(repositorioEn(tx), tx)),
});

export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;
