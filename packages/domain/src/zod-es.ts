import { z } from 'zod';
import es from 'zod/v4/locales/es.js';

// zod's own messages (a missing field, a wrong type, a rule a schema gives no text for) in
// Spanish wherever a domain schema runs: the API set this for itself, but the browser checks the
// same bodies before sending them (issue 14) and showed "Too small: expected string…". Every
// domain schema takes `z` from here. The web build keeps this module's one statement although it
// treats the domain as free of side effects (vite.config.ts names this file). The locale is
// imported alone: `z.locales.es` would bring every language into the bundle.
z.config(es());

export { z };
