import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Small key/value facts about this database that belong to no module, e.g. which version of a
 * reference data set (the Spanish locations) has been loaded, so a start-up seed runs once.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
