export * from './systems.js';
export * from './theme-variables.js';
export * from './empresa.js';
