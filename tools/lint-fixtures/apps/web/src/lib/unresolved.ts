// Broken: a path that does not resolve (the boundary rules would silently skip it).
import { missing } from './no-such-file.js';

export const unresolved = missing;
