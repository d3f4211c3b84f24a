import { z } from 'zod';

/** What a person is told when a text field holds a control character. */
export const TEXT_MESSAGES = {
  controlCharacters: 'Invalid text: control characters are not allowed',
} as const;

/**
 * True when `value` holds a character no typed text contains: NUL and the other C0 control characters (tab, line
 * feed and carriage return excepted where `multiline`), DEL, or half of a UTF-16 surrogate pair without its other
 * half. PostgreSQL refuses NUL in text outright, and a lone surrogate cannot be stored as UTF-8 at all.
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return true;
    }
    if (c === 0x7f) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * The one schema every text field of a request starts from: a string without control characters (see
 * {@link hasControlCharacters}); tab and line breaks only where `multiline`. Chain `.trim()`, `.min()`, `.max()`
 * and the field's own rules after it.
 */
export function textSchema(options: { multiline?: boolean } = {}) {
  const multiline = options.multiline === true;
  return z.string().refine((value) => !hasControlCharacters(value, multiline), {
    message: TEXT_MESSAGES.controlCharacters,
    abort: true,
  });
}
