export { alfaInternal } from './alfa-internal.js';
