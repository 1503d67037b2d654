// Allowed: the repository speaks SQL.
import { eq } from 'drizzle-orm';
import { gammas } from './gamma.table.js';

export const byId = (id: string) => eq(gammas.id, id);
