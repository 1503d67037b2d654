import { z } from 'zod';

// zod's own messages (a missing field, a wrong type, a rule a schema gives no text for) in
// Spanish wherever a domain schema runs: the API set this for itself, but the browser checks the
// same bodies before sending them (issue 14) and showed "Too small: expected string…". Every
// domain schema takes `z` from here, so loading any of them configures it; their own messages win.
z.config(z.locales.es());

export { z };
