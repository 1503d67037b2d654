import type { DemoContext } from '../../module.js';

export const demo = async (_context: DemoContext) => {};
