import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.js';

describe('pageWindow', () => {
  it('shows five pages around the current one, clamped to the ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});
