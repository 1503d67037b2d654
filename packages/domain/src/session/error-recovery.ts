import { TIMINGS } from '../timings.js';

/**
 * SPEC 4.5 critical-error rule: every global error is remembered for 30 s; once two are
 * remembered at the same time the app clears its stored state and reloads. Returns the new list
 * of remembered error times and whether the threshold was reached.
 */
export const recordGlobalError = (
  remembered: readonly number[],
  now: number,
): { readonly remembered: number[]; readonly critical: boolean } => {
  const recent = remembered.filter((at) => now - at < TIMINGS.criticalErrorWindow);
  recent.push(now);
  return { remembered: recent, critical: recent.length >= TIMINGS.criticalErrorThreshold };
};

// Concurrent-rendering hiccups React recovers from by itself, and production React's minified
// messages, which say nothing the user could act on (SPEC 4.5).
const IGNORED_ERROR_PATTERNS: readonly RegExp[] = [
  /Minified React error/i,
  /concurrent render/i,
  /There was an error during concurrent rendering/i,
  /ResizeObserver loop/i,
];

const messageOf = (error: unknown): string => {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    return typeof message === 'string' ? message : '';
  }
  return '';
};

/** True for global errors that do not count towards the critical-error rule. */
export const isIgnoredGlobalError = (error: unknown): boolean => {
  const message = messageOf(error);
  return IGNORED_ERROR_PATTERNS.some((pattern) => pattern.test(message));
};

/** SPEC 4.5: unhandled promise rejections are suppressed unless they mention "Network Error". */
export const shouldSuppressRejection = (reason: unknown): boolean =>
  !messageOf(reason).includes('Network Error');
