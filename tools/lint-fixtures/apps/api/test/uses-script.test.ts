// Broken: a test importing scripts/.
import { tool } from '../../../scripts/tool.js';

export const fromScript = tool;
