import type { z } from 'zod';

/** A configuration that cannot run, with one line per variable at fault. */
export class ConfigurationError extends Error {
  readonly title: string;
  readonly problems: string[];

  constructor(title: string, problems: string[]) {
    super(`${title}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.title = title;
    this.problems = problems;
    this.name = 'ConfigurationError';
  }
}

/**
 * Parses the environment with a schema of its variables. Every bad variable is reported at once, as
 * `NAME: what is wrong`, so an operator fixes them in one pass.
 */
export function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  environment: NodeJS.ProcessEnv,
  title: string,
): z.output<Schema> {
  const parsed = schema.safeParse(environment);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new ConfigurationError(title, problems);
}
