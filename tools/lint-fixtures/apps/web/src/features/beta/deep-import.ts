// Broken: a sibling feature's internals.
import { alfaInternal } from '../alfa/alfa-internal.js';

export const deep = alfaInternal;
