import { z } from '../zod-es.js';

// Every free text the API accepts (bodies and query filters) goes through textSchema: NUL and the
// other C0/C1 control characters are refused with a Spanish message on the field, instead of
// reaching PostgreSQL (which refuses a NUL with a 500) or a CSV export. Tab, line feed and
// carriage return pass only where the field is multi-line (observaciones).

export const TEXT_MESSAGES = {
  controlCharacters: 'No puede contener caracteres de control',
} as const;

// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
// eslint-disable-next-line no-control-regex -- matching control characters is this check's purpose
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/u;
// The same without tab (U+0009), line feed (U+000A) and carriage return (U+000D).
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;

export type TextOptions = {
  /** Tab and line breaks allowed (a textarea). */
  multiline?: boolean;
  /** The message of a value that is not a string (z.string's `error`). */
  error?: string;
};

/** True when `value` has no control character (tab and line breaks allowed when multi-line). */
export const hasNoControlCharacters = (value: string, multiline = false): boolean =>
  (multiline ? MULTI_LINE : SINGLE_LINE).test(value);

/**
 * A string with no control characters: `z.string()` plus the check, first, so the field's other
 * checks (trim, length, pattern) chain after it as on z.string().
 */
export const textSchema = ({ multiline = false, error }: TextOptions = {}) =>
  z
    .string(error === undefined ? undefined : { error })
    .regex(multiline ? MULTI_LINE : SINGLE_LINE, TEXT_MESSAGES.controlCharacters);
