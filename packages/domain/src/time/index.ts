export * from './greeting.js';
