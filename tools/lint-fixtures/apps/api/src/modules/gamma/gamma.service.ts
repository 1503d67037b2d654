// Broken: drizzle outside a repository.
import { eq } from 'drizzle-orm';
import { gammas } from './gamma.table.js';

export const byIdInService = (id: string) => eq(gammas.id, id);
