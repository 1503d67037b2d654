import { isUnderPrefix, normalizePath } from './normalize-path.js';

export const DEFAULT_RETURN_TARGET = '/dashboard';

// Legitimate targets are encoded at most twice (a returnTo inside a returnTo); more is an attack.
const MAX_DECODE_ROUNDS = 4;
const MAX_LENGTH = 2048;
// C0/C1 controls and the line/paragraph separators: URL parsers drop or split on them, which can
// turn "/\t/evil" into "//evil".
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const PROBE_ORIGIN = 'https://return-target.invalid';

/** Every form the target takes while percent-decoding, or null if it never settles. */
const decodedForms = (raw: string): string[] | null => {
  const forms = [raw];
  let current = raw;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // Malformed escapes mean nothing to the browser either: nothing further is hidden.
      return forms;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null;
};

const looksLocal = (form: string): boolean =>
  form.startsWith('/') &&
  !form.includes('//') &&
  !form.includes('\\') &&
  !CONTROL_CHARACTERS.test(form);

const staysOnOrigin = (target: string): boolean => {
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
};

/**
 * The post-login return target (SPEC 2.5): it must begin with "/" and contain no "//", otherwise
 * it becomes /dashboard; /unauthorized and /not-found give "/". Because the value comes from the
 * URL or local storage, every decoded form must pass, so encoded slashes, backslashes or control
 * characters cannot smuggle in another origin.
 */
export const sanitizeReturnTarget = (raw: unknown): string => {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) {
    return DEFAULT_RETURN_TARGET;
  }
  const forms = decodedForms(raw);
  if (forms === null || !forms.every(looksLocal) || !staysOnOrigin(raw)) {
    return DEFAULT_RETURN_TARGET;
  }
  const path = normalizePath(raw);
  if (isUnderPrefix(path, '/unauthorized') || isUnderPrefix(path, '/not-found')) return '/';
  return raw;
};
