// Broken: the platform importing a module.
import { gammas } from '../modules/gamma/index.js';

export const platformUsesModule = gammas;
