import { z } from 'zod';
import { variables } from './variables.ts';

// One meaning for an empty variable everywhere: `VAR=` (or only spaces) is unset, so its default applies.
const unsetWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Wraps a schema of a variable's text so that an empty value counts as unset. */
export const variable = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess(unsetWhenEmpty, schema.optional());

/** Trimmed text; undefined when unset or empty. */
export const optionalText = variable(z.string().trim());

/** Trimmed text with a default for unset or empty. */
export const textWithDefault = (fallback: string) =>
  variable(z.string().trim()).transform((v) => v ?? fallback);

/** A whole number within bounds. */
export const integer = (min: number, max: number) =>
  variable(
    z
      .string()
      .trim()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max, `must be at most ${max}`)),
  );

export const integerWithDefault = (min: number, max: number, fallback: number) =>
  integer(min, max).transform((value) => value ?? fallback);

export const port = (fallback: number) => integerWithDefault(0, 65535, fallback);

/** true/false, yes/no, on/off, 1/0. */
export const flag = (fallback: boolean) =>
  variable(z.stringbool({ error: 'must be true or false' })).transform((value) => value ?? fallback);

/** An absolute http(s) URL. */
export const optionalHttpUrl = variable(
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'must be an absolute http(s) URL such as https://example.com',
    }),
);

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export const logLevel = variable(z.enum(logLevels)).transform(
  (value) => value ?? variables.LOG_LEVEL.default,
);

/** `NODE_ENV=production` is the production mode; anything else (or unset) is the embedded one. */
export const runMode = variable(z.enum(['development', 'production', 'test'])).transform((value) =>
  value === 'production' ? ('production' as const) : ('embedded' as const),
);
export type RunMode = 'embedded' | 'production';
