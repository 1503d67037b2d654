import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { preferenciasUsuario } from './preferencias.table.js';

export type PreferenciasRow = typeof preferenciasUsuario.$inferSelect;
export type PreferenciasValues = Omit<typeof preferenciasUsuario.$inferInsert, 'sub' | 'updatedAt'>;

/** The user's stored row, undefined when they never saved. */
export const findPreferencias = async (
  executor: Executor,
  sub: string,
): Promise<PreferenciasRow | undefined> => {
  const [row] = await executor
    .select()
    .from(preferenciasUsuario)
    .where(eq(preferenciasUsuario.sub, sub));
  return row;
};

/** Inserts the user's first row or replaces it (one statement: two saves cannot collide). */
export const upsertPreferencias = async (
  executor: Executor,
  sub: string,
  values: PreferenciasValues,
): Promise<PreferenciasRow> => {
  const [row] = await executor
    .insert(preferenciasUsuario)
    .values({ sub, ...values })
    .onConflictDoUpdate({
      target: preferenciasUsuario.sub,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('Las preferencias no se guardaron');
  return row;
};
