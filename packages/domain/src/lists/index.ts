export * from './list-query.js';
export * from './list-views.js';
