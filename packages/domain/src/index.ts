export * from './auth/roles.js';
export * from './auth/permissions.js';
