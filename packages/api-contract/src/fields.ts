import { z } from 'zod';
import { emailField, type FieldRule } from './field-rules.ts';

/** A field's rule (field-rules.ts), or the rule of a field only clients send, with its limit. */
type TextRule = FieldRule & { max: number };

// \p{Cc} is exactly C0 (U+0000–U+001F), U+007F and C1 (U+0080–U+009F). PostgreSQL refuses U+0000 in
// text, and the others are invisible in a page or a mail yet change how it reads (escape sequences in a
// terminal, a line break in a header), so a value holding one is refused, not silently cleaned.
const controlCharacter = /\p{Cc}/u;
const controlCharacterOtherThanLineBreakOrTab = /(?![\n\t])\p{Cc}/u;
// Half of a UTF-16 pair: JSON can carry one, but it is no character, and UTF-8 storage would turn it
// into U+FFFD behind the writer's back.
const loneSurrogate = /\p{Cs}/u;

/**
 * The rule for every string a person or a client sends: a string, trimmed, within `max` characters,
 * without control characters (line breaks and tabs only in `multiline` text) or broken UTF-16.
 */
export function text({
  label,
  max,
  multiline = false,
  trim = true,
  required,
  notText = `The ${label} must be text.`,
  tooLong = `The ${label} is too long (${max} characters at most).`,
}: TextRule) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined ? (required ?? notText) : notText),
  });
  if (trim) schema = schema.trim();
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (required) schema = schema.min(1, required);
  return schema
    .max(max, tooLong)
    .refine(
      (value) => !(multiline ? controlCharacterOtherThanLineBreakOrTab : controlCharacter).test(value),
      {
        error: multiline
          ? `The ${label} cannot contain control characters other than line breaks and tabs.`
          : `The ${label} cannot contain control characters.`,
      },
    )
    .refine((value) => !loneSurrogate.test(value), {
      error: `The ${label} contains a broken character (half of a UTF-16 surrogate pair).`,
    });
}

/** Every email address a person types; stored in lower case. */
export const emailAddress = text(emailField).toLowerCase().email(emailField.invalid);

/** A time the API sends: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const timestamp = z.iso.datetime();
