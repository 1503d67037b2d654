export { a as b } from './cycle-a.js';
