import { and, asc, count, eq } from 'drizzle-orm';
import type { Archivo } from '@tvsistema/domain/archivos';
import type { Database } from '../../db/database.js';
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
});

export const createArchivosRepository = ({ db }: Database) => ({
  insert: async (
    owner: Propietario,
    file: { nombre: string; mime: string; tamano: number; sha256: string },
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

  list: async (owner: Propietario): Promise<Archivo[]> =>
    (
      await db
        .select()
        .from(archivos)
        .where(and(eq(archivos.recurso, owner.recurso), eq(archivos.registroId, owner.registroId)))
        .orderBy(asc(archivos.createdAt), asc(archivos.id))
    ).map(toArchivo),

  find: async (owner: Propietario, id: string): Promise<Archivo | undefined> => {
    const [row] = await db
      .select()
      .from(archivos)
      .where(
        and(
          eq(archivos.id, id),
          eq(archivos.recurso, owner.recurso),
          eq(archivos.registroId, owner.registroId),
        ),
      );
    return row ? toArchivo(row) : undefined;
  },

  remove: async (id: string): Promise<void> => {
    await db.delete(archivos).where(eq(archivos.id, id));
  },

  /** How many rows still name this content (its bytes go when none does). */
  usesOf: async (sha256: string): Promise<number> =>
    (await db.select({ n: count() }).from(archivos).where(eq(archivos.sha256, sha256)))[0]?.n ?? 0,
});

export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;
