export * from './roles.js';
export * from './permissions.js';
export * from './identity-errors.js';
export * from './callback.js';
