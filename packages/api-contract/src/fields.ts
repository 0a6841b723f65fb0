import { z } from 'zod';

type TextOptions = {
  /** How messages name the field: "The {label} is too long…". */
  label: string;
  max: number;
  /** Line breaks (\n; \r\n and \r arrive as \n) and tabs are allowed; other control characters never. */
  multiline?: boolean;
  /** Leading and trailing white space is dropped unless false (a password is taken as typed). */
  trim?: boolean;
  messages?: {
    /** When the value is missing or empty; without it an empty string is accepted. */
    required?: string;
    /** When the value is not a string (and, without `required`, when it is missing). */
    notText?: string;
    tooLong?: string;
  };
};

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
export function text({ label, max, multiline = false, trim = true, messages = {} }: TextOptions) {
  const notText = messages.notText ?? `The ${label} must be text.`;
  let schema = z.string({
    error: (issue) => (issue.input === undefined ? (messages.required ?? notText) : notText),
  });
  if (trim) schema = schema.trim();
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (messages.required) schema = schema.min(1, messages.required);
  return schema
    .max(max, messages.tooLong ?? `The ${label} is too long (${max} characters at most).`)
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

// Field rules shared by the public forms. Lengths are bounded so no request can store an essay in a name.
export const emailAddress = text({
  label: 'email address',
  max: 254,
  messages: {
    required: 'Please enter an email address',
    notText: 'Please enter an email address',
  },
})
  .toLowerCase()
  .email('Please enter a valid email address');

/** A time the API sends: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const timestamp = z.iso.datetime();
