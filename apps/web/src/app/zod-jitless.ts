/**
 * zod compiles object parsers with `new Function` when it can, and finds out whether it can by
 * trying once. Our Content-Security-Policy has no 'unsafe-eval', so that probe is blocked and the
 * browser reports a CSP violation on every screen that parses a form (Lighthouse's best
 * practices, issue 13). Jitless parsing never tries; the forms' payloads are small, so the
 * compiled parsers saved nothing worth a violation. The API keeps zod's default.
 *
 * zod keeps its settings in one object on `globalThis` (so that two copies of zod share them) and
 * creates it only when missing. Setting it here, before any schema parses, costs no bytes on the
 * signed-out pages, where importing zod's `config` cost 3.5 KB (gzip) of their 150 KB budget.
 * zod-jitless.test.ts checks, against the real zod, that no parser is then compiled.
 */
export const makeZodJitless = () => {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
};
