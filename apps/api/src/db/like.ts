/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
