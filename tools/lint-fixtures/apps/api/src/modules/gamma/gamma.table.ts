import { pgTable, text } from 'drizzle-orm/pg-core';

export const gammas = pgTable('gammas', { id: text('id').primaryKey() });
