// Allowed: a sibling feature through its index.ts.
import { alfaInternal } from '../alfa/index.js';

export const usesIndex = alfaInternal;
