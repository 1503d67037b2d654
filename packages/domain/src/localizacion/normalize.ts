const COMBINING_MARKS = /\p{M}+/gu;
const WHITESPACE_RUN = /\s+/g;

const collapseWhitespace = (text: string): string => text.trim().replace(WHITESPACE_RUN, ' ');

/**
 * The accent- and case-insensitive form the API stores beside every location name and compares
 * queries against, so "palma" finds "PALMA" and "àvila" finds "ÁVILA".
 */
export const normalizeSearchText = (text: string): string =>
  collapseWhitespace(text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase());

/** The stored display form of a location name (SPEC 5: trimmed and uppercased). */
export const normalizeName = (text: string): string => collapseWhitespace(text).toUpperCase();

const POSTAL_CODE_DISALLOWED = /[^A-Za-z0-9 -]/g;

/** SPEC 5: a postal code keeps letters, digits, spaces and hyphens; the rest is dropped as typed. */
export const sanitizePostalCodeInput = (text: string): string =>
  text.replace(POSTAL_CODE_DISALLOWED, '');
