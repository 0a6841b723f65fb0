import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEmulatorEnvironment } from '@launchkit/emulator-kit';
import { field, variables } from '@launchkit/env';
import type { MailerConfig } from '@launchkit/mail';
import { passwordPolicyNames } from '@launchkit/password-policy';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

// Every variable: an empty value counts as unset, as in the app; the defaults are @launchkit/env's table of
// variables.
const environmentSchema = z.object({
  NODE_ENV: field.runMode,
  IDENTITY_PORT: field.port(variables.IDENTITY_PORT.default),
  // Its own interface, loopback by default: the app's HOST (often 0.0.0.0) must not expose the emulator.
  IDENTITY_HOST: field.textWithDefault(variables.IDENTITY_HOST.default),
  IDENTITY_ISSUER: field.variable(issuerUrl),
  DATA_DIR: field.textWithDefault(variables.DATA_DIR.default),
  IDENTITY_DATA_DIR: field.optionalText,
  // The app's own port decides its default origin, as in docs/identity.md.
  PORT: field.port(variables.PORT.default),
  IDENTITY_WEB_ORIGINS: field.variable(originList),
  AUTH0_CLIENT_ID: field.textWithDefault(variables.AUTH0_CLIENT_ID.default.embedded),
  AUTH0_AUDIENCE: field.optionalText,
  AUTH0_CONNECTION: field.textWithDefault(variables.AUTH0_CONNECTION.default),
  AUTH0_MANAGEMENT_CLIENT_ID: field.textWithDefault(variables.AUTH0_MANAGEMENT_CLIENT_ID.default.embedded),
  AUTH0_MANAGEMENT_CLIENT_SECRET: field.textWithDefault(
    variables.AUTH0_MANAGEMENT_CLIENT_SECRET.default.embedded,
  ),
  IDENTITY_PASSWORD_HASH_COST: field.integerWithDefault(
    10,
    20,
    variables.IDENTITY_PASSWORD_HASH_COST.default,
  ),
  PASSWORD_POLICY: field
    .variable(z.enum(passwordPolicyNames))
    .transform((value) => value ?? variables.PASSWORD_POLICY.default),
  // Auth0's rate limits (per minute, after a burst): change-password requests per address and email,
  // /userinfo calls per user, sign-in attempts per user and address. Tests and the browser suite,
  // which sign one person in many times from one address, raise them or turn them off.
  IDENTITY_RATE_LIMITS: field.flag(variables.IDENTITY_RATE_LIMITS.default),
  IDENTITY_RESET_REQUESTS_PER_MINUTE: field.integerWithDefault(
    1,
    1_000_000,
    variables.IDENTITY_RESET_REQUESTS_PER_MINUTE.default,
  ),
  IDENTITY_USERINFO_REQUESTS_PER_MINUTE: field.integerWithDefault(
    1,
    1_000_000,
    variables.IDENTITY_USERINFO_REQUESTS_PER_MINUTE.default,
  ),
  IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE: field.integerWithDefault(
    1,
    1_000_000,
    variables.IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE.default,
  ),
  IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: field.integerWithDefault(
    1,
    1_000_000,
    variables.IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE.default,
  ),
  SMTP_URL: field.optionalText,
  IDENTITY_ACCESS_TOKEN_LIFETIME_SECONDS: field.integerWithDefault(
    5,
    2_592_000,
    variables.IDENTITY_ACCESS_TOKEN_LIFETIME_SECONDS.default,
  ),
  IDENTITY_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: field.integerWithDefault(
    0,
    3_600,
    variables.IDENTITY_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS.default,
  ),
  MAIL_FROM: field.textWithDefault(variables.MAIL_FROM.default.embedded),
  LOG_LEVEL: field.logLevel,
});

const configurationTitle = 'Invalid identity emulator configuration';

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;

/**
 * Reads and validates the emulator's variables once, at start; bad variables throw a ConfigurationError
 * naming each of them. It refuses the production mode (NODE_ENV=production): the emulator's users and
 * secrets are public. `issuer` is undefined when IDENTITY_ISSUER is unset and the port is 0: it then
 * follows the port the server actually listens on (see startIdentityEmulator). With
 * EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE it serves https, and the derived issuer is https too.
 */
export function loadIdentityConfig(environment: NodeJS.ProcessEnv = process.env) {
  const { env, tls, protocol, fromRepoRoot } = readEmulatorEnvironment(environmentSchema, environment, {
    title: configurationTitle,
    program: {
      name: 'identity emulator',
      instead: 'set AUTH0_DOMAIN and the other AUTH0_* variables to your Auth0 tenant',
    },
    repoRoot,
  });
  const dataDir = fromRepoRoot(env.DATA_DIR);
  const mail: MailerConfig = env.SMTP_URL
    ? { transport: 'smtp', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }
    : { transport: 'outbox', outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM };
  return {
    port: env.IDENTITY_PORT,
    host: env.IDENTITY_HOST,
    logLevel: env.LOG_LEVEL,
    /** The certificate and key to serve https with; undefined: plain http. */
    tls,
    /** The scheme of the URLs the emulator derives itself (the issuer when IDENTITY_ISSUER is unset). */
    protocol,
    issuer:
      env.IDENTITY_ISSUER ??
      (env.IDENTITY_PORT === 0 ? undefined : `${protocol}//localhost:${env.IDENTITY_PORT}/`),
    /** Undefined means the management API of the issuer, `${issuer}api/v2/`. */
    audience: env.AUTH0_AUDIENCE,
    dataDir: env.IDENTITY_DATA_DIR ? fromRepoRoot(env.IDENTITY_DATA_DIR) : path.join(dataDir, 'identity'),
    webOrigins: env.IDENTITY_WEB_ORIGINS ?? [`http://localhost:${env.PORT}`],
    webClientId: env.AUTH0_CLIENT_ID,
    connection: env.AUTH0_CONNECTION,
    managementClient: { id: env.AUTH0_MANAGEMENT_CLIENT_ID, secret: env.AUTH0_MANAGEMENT_CLIENT_SECRET },
    passwordPolicy: env.PASSWORD_POLICY,
    /** scrypt's cost of a new password hash, as log2 N (docs/identity.md). */
    passwordHashCost: env.IDENTITY_PASSWORD_HASH_COST,
    /** Access tokens for the product's API (Auth0's default: a day). */
    accessTokenLifetimeSeconds: env.IDENTITY_ACCESS_TOKEN_LIFETIME_SECONDS,
    /** Auth0's refresh token rotation of the web client: its reuse interval (docs/identity.md). */
    refreshTokenReuseIntervalSeconds: env.IDENTITY_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
    /**
     * Auth0's bursts and sustained rates (Authentication API rate-limit policy); each burst grows with
     * its rate when a rate is raised. Undefined with IDENTITY_RATE_LIMITS=off.
     */
    rateLimits: env.IDENTITY_RATE_LIMITS
      ? {
          resetRequests: {
            burst: 10 * env.IDENTITY_RESET_REQUESTS_PER_MINUTE,
            perMinute: env.IDENTITY_RESET_REQUESTS_PER_MINUTE,
          },
          userinfo: {
            burst: 2 * env.IDENTITY_USERINFO_REQUESTS_PER_MINUTE,
            perMinute: env.IDENTITY_USERINFO_REQUESTS_PER_MINUTE,
          },
          loginAttempts: {
            burst: 2 * env.IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE,
            perMinute: env.IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE,
          },
          management: {
            burst: Math.min(50, env.IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE),
            perMinute: env.IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE,
          },
        }
      : undefined,
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
