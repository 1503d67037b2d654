import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it can, and finds out whether it can by
 * trying once. Our Content-Security-Policy has no 'unsafe-eval', so that probe is blocked and the
 * browser reports a CSP violation on every screen that parses a form (Lighthouse's best
 * practices, issue 13). Jitless parsing never tries; the forms' payloads are small, so the
 * compiled parsers saved nothing worth a violation. The API keeps zod's default.
 */
export const makeZodJitless = () => config({ jitless: true });
