import { eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { appMeta } from './app-meta.table.js';

/** The app_meta key that says the demo world was seeded, and on which day. */
export const DEMO_WORLD_META_KEY = 'demo-world';

export const demoWorldSeededOn = async (database: Database): Promise<string | undefined> =>
  (
    await database.db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, DEMO_WORLD_META_KEY))
  )[0]?.value;

export const markDemoWorldSeeded = async (database: Database, day: string) => {
  await database.db
    .insert(appMeta)
    .values({ key: DEMO_WORLD_META_KEY, value: day })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: day, updatedAt: sql`now()` } });
};

/** Rows of business data: a database with any is never seeded (it belongs to its users). */
export const businessRows = async (database: Database, tables: readonly string[]) => {
  let total = 0;
  for (const table of tables) {
    const [row] = await database.withSession((session) =>
      session.query<{ n: number }>(`select count(*)::int as n from "${table.replace(/"/g, '')}"`),
    );
    total += row?.n ?? 0;
  }
  return total;
};
