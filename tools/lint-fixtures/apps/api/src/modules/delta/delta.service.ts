// Broken: another module's table file instead of its index.ts.
import { gammas } from '../gamma/gamma.table.js';

export const deltaTable = gammas;
