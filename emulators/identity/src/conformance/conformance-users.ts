import * as oidc from 'openid-client';
import type { CheckContext } from './feature-check.ts';

export const passwordRealmGrant = 'http://auth0.com/oauth/grant-type/password-realm';

export type ConformanceUser = { email: string; userId: string };

/** A new database user, through node-auth0's `database.signUp` (POST /dbconnections/signup). */
export async function newUser(context: CheckContext, label: string): Promise<ConformanceUser> {
  const email = context.uniqueEmail(label);
  const { data } = await context.authentication.database.signUp({
    email,
    password: context.password,
    connection: context.connection,
  });
  return { email, userId: `auth0|${data.id}` };
}

const sharedUsers = new Map<string, Promise<ConformanceUser>>();

/**
 * One user for the checks of a group that only sign in and read, made once: every sign-up costs a
 * password hash. A group stays under the sign-in rate limit of one user (20 a minute).
 */
export function sharedUser(context: CheckContext, group: string): Promise<ConformanceUser> {
  let user = sharedUsers.get(group);
  if (!user) {
    user = newUser(context, group);
    sharedUsers.set(group, user);
  }
  return user;
}

/**
 * A password-realm sign-in of the browser client through openid-client (`genericGrantRequest`), which
 * validates the id token it gets. Parameters left undefined are not sent.
 */
export function signIn(
  context: CheckContext,
  user: { email: string },
  options: { scope?: string; audience?: string; password?: string } = {},
) {
  const parameters: Record<string, string> = {
    username: user.email,
    password: options.password ?? context.password,
    realm: context.connection,
  };
  if (options.scope !== undefined) parameters.scope = options.scope;
  if (options.audience !== undefined) parameters.audience = options.audience;
  return oidc.genericGrantRequest(context.webClient, passwordRealmGrant, parameters);
}

/** The shared reader (`sharedUser(context, 'reader')`) signed in with `options`: the user and the tokens. */
export async function readerSignIn(context: CheckContext, options: Parameters<typeof signIn>[2] = {}) {
  const user = await sharedUser(context, 'reader');
  return { user, tokens: await signIn(context, user, options) };
}

/** The claims of a JWT without checking it (the checks look at what the emulator put there). */
export function unverifiedClaims(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function unverifiedHeader(token: string): Record<string, unknown> {
  const [header = ''] = token.split('.');
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A raw request to the emulator, for what no SDK sends (or to read headers an SDK hides). */
export function raw(context: CheckContext, path: string, init: RequestInit = {}) {
  return fetch(`${context.origin}${path}`, { redirect: 'manual', ...init });
}

export const rateLimitHeaders = (response: Response) => ({
  limit: response.headers.get('x-ratelimit-limit'),
  remaining: response.headers.get('x-ratelimit-remaining'),
  reset: response.headers.get('x-ratelimit-reset'),
});

/** x-ratelimit-limit/-remaining are integers and x-ratelimit-reset a UNIX time in seconds, near now. */
export function hasRateLimitHeaders(response: Response): boolean {
  const { limit, remaining, reset } = rateLimitHeaders(response);
  const now = Date.now() / 1000;
  return (
    /^\d+$/.test(limit ?? '') &&
    /^\d+$/.test(remaining ?? '') &&
    /^\d+$/.test(reset ?? '') &&
    Number(reset) >= Math.floor(now) &&
    Number(reset) < now + 24 * 3600
  );
}
