// Allowed: db/schema.ts is the one platform file that gathers the modules' tables.
export { gammas } from '../modules/gamma/index.js';
