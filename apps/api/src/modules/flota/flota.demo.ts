import type { DemoContext } from '../../module.js';

// §8 demo world: filled in below.
export const demo = async (_context: DemoContext) => {};
