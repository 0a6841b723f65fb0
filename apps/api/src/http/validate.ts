import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses a request part with a zod schema; the first problem becomes the message, all are listed in fields. */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'The request is not valid.';
  throw new AppError(400, 'validation_failed', first, fields);
}
