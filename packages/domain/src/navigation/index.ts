export * from './normalize-path.js';
export * from './special-routes.js';
export * from './path-rules.js';
export * from './return-target.js';
export * from './redirect-urls.js';
export * from './guard.js';
export * from './navigation-rules.js';
