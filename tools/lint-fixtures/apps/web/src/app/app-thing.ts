import { alfaInternal } from '../features/alfa/index.js';

export const appThing = alfaInternal;
