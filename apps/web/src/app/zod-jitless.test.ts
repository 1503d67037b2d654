import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { config, globalConfig } from 'zod/v4/core';
import { makeZodJitless } from './zod-jitless.js';

describe('makeZodJitless', () => {
  afterEach(() => {
    config({ jitless: false });
    vi.restoreAllMocks();
  });

  it('parses objects without ever building a function from text (the CSP blocks eval)', () => {
    makeZodJitless();
    expect(globalConfig.jitless).toBe(true);
    const construct = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ nombre: z.string(), documento: z.string() });
    expect(schema.parse({ nombre: 'Grúas Mallorca', documento: 'B07123456' })).toEqual({
      nombre: 'Grúas Mallorca',
      documento: 'B07123456',
    });
    expect(construct).not.toHaveBeenCalled();
  });
});
