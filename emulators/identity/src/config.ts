import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MailerConfig } from '@app/mail';
import { passwordPolicyNames } from '@app/password-policy';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const port = z.coerce.number().int().min(0).max(65535);

const issuerUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^/]+\/(.*\/)?$/.test(value) && URL.canParse(value), {
    message: 'must be an absolute http(s) URL ending with "/", such as http://localhost:3001/',
  });

const originList = z
  .string()
  .trim()
  .transform((value, context) => {
    const origins: string[] = [];
    for (const item of value.split(',').map((each) => each.trim())) {
      if (!item) continue;
      const url = URL.canParse(item) ? new URL(item) : undefined;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        context.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    if (origins.length === 0) {
      context.addIssue({ code: 'custom', message: 'must list at least one origin' });
      return z.NEVER;
    }
    return [...new Set(origins)];
  });

const environmentSchema = z.object({
  IDENTITY_PORT: port.default(3001),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  IDENTITY_ISSUER: issuerUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default('data'),
  IDENTITY_DATA_DIR: optionalText,
  // The app's own port decides its default origin, as in docs/identity.md.
  PORT: port.default(3000),
  IDENTITY_WEB_ORIGINS: originList.optional(),
  AUTH0_CLIENT_ID: z.string().trim().min(1).default('launchkit-web'),
  AUTH0_AUDIENCE: optionalText,
  AUTH0_CONNECTION: z.string().trim().min(1).default('Username-Password-Authentication'),
  AUTH0_MANAGEMENT_CLIENT_ID: z.string().trim().min(1).default('launchkit-api'),
  AUTH0_MANAGEMENT_CLIENT_SECRET: z.string().min(1).default('dev-management-secret'),
  PASSWORD_POLICY: z.enum(passwordPolicyNames).default('good'),
  // Auth0 allows one change-password request per minute for an address and an email; tests raise it.
  IDENTITY_RESET_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(1),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().min(1).default('Launchkit <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;

/**
 * Reads and validates the emulator's variables once, at start; a bad variable throws with its name.
 * `issuer` is undefined when IDENTITY_ISSUER is unset and the port is 0: it then follows the port the
 * server actually listens on (see startIdentityEmulator).
 */
export function loadIdentityConfig(environment: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid identity emulator configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const fromRoot = (value: string) => path.resolve(repoRoot, value);
  const dataDir = fromRoot(env.DATA_DIR);
  const mail: MailerConfig = env.SMTP_URL
    ? { transport: 'smtp', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }
    : { transport: 'outbox', outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM };
  return {
    port: env.IDENTITY_PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    issuer:
      env.IDENTITY_ISSUER ?? (env.IDENTITY_PORT === 0 ? undefined : `http://localhost:${env.IDENTITY_PORT}/`),
    /** Undefined means the management API of the issuer, `${issuer}api/v2/`. */
    audience: env.AUTH0_AUDIENCE,
    dataDir: env.IDENTITY_DATA_DIR ? fromRoot(env.IDENTITY_DATA_DIR) : path.join(dataDir, 'identity'),
    webOrigins: env.IDENTITY_WEB_ORIGINS ?? [`http://localhost:${env.PORT}`],
    webClientId: env.AUTH0_CLIENT_ID,
    connection: env.AUTH0_CONNECTION,
    managementClient: { id: env.AUTH0_MANAGEMENT_CLIENT_ID, secret: env.AUTH0_MANAGEMENT_CLIENT_SECRET },
    passwordPolicy: env.PASSWORD_POLICY,
    resetRequestsPerMinute: env.IDENTITY_RESET_REQUESTS_PER_MINUTE,
    mail,
    appName: displayName(env.MAIL_FROM) ?? env.AUTH0_CLIENT_ID,
  };
}

// The consent page says "Continue to <app>". The product's name is already configured once, as the
// display name of its sender address ("Launchkit <no-reply@…>"), so it is not asked for again.
function displayName(from: string): string | undefined {
  const match = /^\s*"?([^"<]+?)"?\s*</.exec(from);
  return match?.[1]?.trim() || undefined;
}
