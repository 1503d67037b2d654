// Allowed: another module through its index.ts.
import { gammas } from '../gamma/index.js';

export const deltaUsesIndex = gammas;
