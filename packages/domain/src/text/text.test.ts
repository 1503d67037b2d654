import { describe, expect, test } from 'vitest';
import { hasNoControlCharacters, TEXT_MESSAGES, textSchema } from './text.js';

describe('textSchema (issue 12.2)', () => {
  test.each(['\u0000', '\u0001', '\u001B', '\u007F', '\u0085', '\u009F', '\t', '\n', '\r'])(
    'a single-line text refuses U+%s',
    (character) => {
      const result = textSchema().safeParse(`a${character}b`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
    },
  );

  test('a multi-line text allows tab and line breaks, not NUL', () => {
    expect(textSchema({ multiline: true }).safeParse('línea 1\r\n\tlínea 2').success).toBe(true);
    expect(textSchema({ multiline: true }).safeParse('a\u0000b').success).toBe(false);
    expect(hasNoControlCharacters('a\u0085b', true)).toBe(false);
  });

  test('ordinary Spanish text, symbols and emoji pass', () => {
    expect(textSchema().safeParse('Peña & Cía. — «Ñandú» 50 € 🚜').success).toBe(true);
  });

  test('chains like z.string(): the later checks still run', () => {
    expect(textSchema().trim().max(3).safeParse('  abcd ').success).toBe(false);
    expect(textSchema({ error: 'obligatorio' }).safeParse(3).error?.issues[0]?.message).toBe(
      'obligatorio',
    );
  });
});
