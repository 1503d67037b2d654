import type { SystemId } from '@tvsistema/domain';
import type { ParteConfig } from './parte-config.js';

/** The list URL: an explicit base from the route wins, else the current system's. */
export const resolveBasePath = (
  config: ParteConfig,
  system: SystemId | null,
  basePath: string | undefined,
): string => basePath ?? config.basePath[system ?? 'alquileres'];
