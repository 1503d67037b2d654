export * from './storage-keys.js';
export * from './error-recovery.js';
export * from './token-renewal.js';
