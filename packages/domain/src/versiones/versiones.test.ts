import { describe, expect, it } from 'vitest';
import { versionFromIfMatch, versionSchema, versionTag } from './index.js';

describe('versions (optimistic concurrency)', () => {
  it('writes a version as a strong ETag and reads it back from If-Match, weak or strong', () => {
    expect(versionTag(7)).toBe('"7"');
    expect(versionFromIfMatch('"7"')).toBe(7);
    expect(versionFromIfMatch('W/"12"')).toBe(12);
    expect(versionFromIfMatch(undefined)).toBeUndefined();
    expect(versionFromIfMatch('')).toBeUndefined();
  });

  it('refuses an If-Match that names no single version', () => {
    for (const header of ['*', '"1", "2"', '"0"', '"abc"', '7', '"-1"']) {
      expect(versionFromIfMatch(header)).toBeNull();
    }
  });

  it('accepts only positive whole numbers as versions', () => {
    expect(versionSchema.safeParse(3).success).toBe(true);
    for (const value of [0, -1, 1.5, '3', null]) {
      expect(versionSchema.safeParse(value).success).toBe(false);
    }
  });
});
