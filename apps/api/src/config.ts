import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalText,
  WEB_BUILD_DIR: z.string().default('apps/web/build/client'),
  OMNIOUT_DIR: z.string().default('apps/omniout/dist'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Launchkit <no-reply@localhost>'),
  CONTACT_INBOX: z.string().email('CONTACT_INBOX must be an email address').default('owner@localhost'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: z.stringbool().default(false),
  OUTBOX_PUBLIC: z.stringbool().default(false),
  // Build-time settings of the web app that also decide what the Content-Security-Policy allows.
  VITE_GA_MEASUREMENT_ID: optionalText,
  VITE_CHAT_WEBSITE_ID: optionalText,
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once, at start; a bad variable stops the process with its name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const fromRoot = (value: string) => path.resolve(repoRoot, value);
  const dataDir = fromRoot(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    webBuildDir: fromRoot(env.WEB_BUILD_DIR),
    omnioutDir: fromRoot(env.OMNIOUT_DIR),
    mail: env.SMTP_URL
      ? ({ transport: 'smtp', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } as const)
      : ({ transport: 'outbox', outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM } as const),
    contactInbox: env.CONTACT_INBOX,
    outboxPublic: env.OUTBOX_PUBLIC,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    analyticsEnabled: Boolean(env.VITE_GA_MEASUREMENT_ID),
    chatEnabled: Boolean(env.VITE_CHAT_WEBSITE_ID),
  };
}
