// Broken: shared components importing a feature (even its index).
import { alfaInternal } from '../features/alfa/index.js';

export const widget = alfaInternal;
