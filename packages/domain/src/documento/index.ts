export * from './spanish-id.js';
