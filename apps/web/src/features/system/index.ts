// The public face of the system feature: other features import only from here.
export { SystemContext, useSystem } from './system-context.js';
export type { SystemContextValue } from './system-context.js';
