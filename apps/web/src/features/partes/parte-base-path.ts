import type { SystemId } from '@tvsistema/domain';
import type { ParteConfig } from './parte-config.js';

/** Navigation state the form leaves for the list: the success message to show (SPEC 2.13). */
export type ParteListLocationState = { flash?: string };

export const readFlash = (state: unknown): string | undefined => {
  const flash = (state as ParteListLocationState | null)?.flash;
  return typeof flash === 'string' ? flash : undefined;
};

/** The list URL: an explicit base from the route wins, else the current system's. */
export const resolveBasePath = (
  config: ParteConfig,
  system: SystemId | null,
  basePath: string | undefined,
): string => basePath ?? config.basePath[system ?? 'alquileres'];
