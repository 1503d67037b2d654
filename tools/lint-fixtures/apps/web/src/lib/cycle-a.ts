// Broken: an import cycle (cycle-a → cycle-b → cycle-a).
import { b } from './cycle-b.js';

export const a = () => b;
