/** The identity-token fields the display helpers read; values are checked, not trusted. */
export type UserNameFields = {
  readonly name?: unknown;
  readonly given_name?: unknown;
  readonly email?: unknown;
};

export const DEFAULT_DISPLAY_NAME = 'Usuario';
export const DEFAULT_INITIAL = 'U';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const firstWord = (value: unknown): string => text(value).split(/\s+/, 1)[0] ?? '';

const emailLocalPart = (value: unknown): string => text(text(value).split('@', 1)[0]);

/** SPEC 3: first word of name, else the part of the email before "@", else "Usuario". */
export const displayName = (user: UserNameFields | null | undefined): string =>
  firstWord(user?.name) || emailLocalPart(user?.email) || DEFAULT_DISPLAY_NAME;

/** SPEC 3: first letter of name, else of email, upper-cased; else "U". */
export const userInitial = (user: UserNameFields | null | undefined): string => {
  const source = text(user?.name) || text(user?.email);
  // Array.from keeps a letter outside the BMP whole.
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase('es-ES') : DEFAULT_INITIAL;
};

/**
 * The dashboard greeting's first name (SPEC 1): given_name whole (a compound "María José" stays
 * together), else the first word of name, else "Usuario".
 */
export const firstName = (user: UserNameFields | null | undefined): string =>
  text(user?.given_name) || firstWord(user?.name) || DEFAULT_DISPLAY_NAME;
