/**
 * Text fields typed by the user. A single-line field refuses every control character (C0, DEL, C1)
 * and a lone surrogate; a multi-line field allows tab and line breaks as well. Both carry a maximum
 * length, so no request can store an unbounded string. PostgreSQL cannot store NUL at all and a
 * lone surrogate is not valid UTF-8: refused here, they never reach the database.
 */
import { z } from 'zod';

// With the `u` flag a paired surrogate is one code point, so \p{Cs} matches only a lone half.
const singleLinePattern = /^[^\p{Cc}\p{Cs}]*$/u;
const multiLinePattern = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;
const loneSurrogatePattern = /\p{Cs}/u;

export const controlCharacterMessage = 'validation.control_characters';

/** True when a string holds a character PostgreSQL text cannot store (NUL) or UTF-8 cannot encode (a lone surrogate). */
export function hasUnstorableCharacter(value: string): boolean {
  return value.includes('\u0000') || loneSurrogatePattern.test(value);
}

/** A one-line text of at most `maxLength` characters (trimmed). */
export function singleLineText(maxLength: number) {
  return z.string().regex(singleLinePattern, { message: controlCharacterMessage }).trim().max(maxLength);
}

/** A text that may span lines (tab and line breaks allowed), at most `maxLength` characters (trimmed). */
export function multiLineText(maxLength: number) {
  return z.string().regex(multiLinePattern, { message: controlCharacterMessage }).trim().max(maxLength);
}

/** An opaque identifier the server handed out (ids, challenge ids, cursors): visible ASCII only. */
export function identifierText(maxLength = 64) {
  return z
    .string()
    .min(1)
    .max(maxLength)
    .regex(/^[\x21-\x7e]+$/, { message: 'validation.invalid_format' });
}
