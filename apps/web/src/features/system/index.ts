// The public face of the system feature: the provider the app layer mounts. The context and its
// hook live in lib/system-context.ts, so shared components read the system without this feature.
export { SystemProvider } from './system-provider.js';
