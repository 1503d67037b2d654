export { gammas } from './gamma.table.js';
