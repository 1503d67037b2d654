import { vi } from 'vitest';
import { NARROW_LIST_QUERY } from '../components/resource/resource-results.js';

/**
 * A window whose width matches `narrow` for the lists' breakpoint query (below 768 px: cards
 * instead of tables). Undo with `vi.unstubAllGlobals()`.
 */
export const stubListWidth = (narrow: boolean) =>
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: narrow && media === NARROW_LIST_QUERY,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
