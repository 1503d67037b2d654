import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS, isPathAllowed } from '@tvsistema/domain';
import { NAV_MENUS, type NavEntry } from './navigation-links.js';

const targets = (entries: readonly NavEntry[]) =>
  entries.flatMap((entry) => (entry.kind === 'link' ? [entry.to] : entry.items.map((i) => i.to)));

describe('NAV_MENUS', () => {
  it.each(SYSTEM_IDS)('%s links only to pages its path rules allow (SPEC 2.3)', (system) => {
    for (const to of targets(NAV_MENUS[system]))
      expect([to, isPathAllowed(system, to)]).toEqual([to, true]);
  });
});
