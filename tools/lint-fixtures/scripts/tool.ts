// Broken: a script reaching into a module instead of the API's public entries.
import { byIdInService } from '../apps/api/src/modules/gamma/gamma.service.js';

export const tool = byIdInService;
