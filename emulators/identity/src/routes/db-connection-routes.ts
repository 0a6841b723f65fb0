import { registerRoutes } from '@launchkit/emulator-kit';
import { describePasswordPolicy } from '@launchkit/password-policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { dbConnectionError } from '#identity/http/http-error.ts';
import { enforceRateLimit } from '#identity/http/rate-limiter.ts';
import { sendPasswordResetEmail } from '#identity/mail/identity-mail.ts';
import { signUpUser } from '#identity/users/sign-up-user.ts';
import { findDatabaseUser, normalizeEmail } from '#identity/users/user-profile.ts';

// Auth0's limits for sign-up metadata: at most 10 string properties, names ≤ 100, values ≤ 500 characters.
const signUpMetadata = z
  .record(
    z.string().max(100),
    z.string().max(500, 'user_metadata values must be strings of 500 characters at most'),
  )
  .refine((metadata) => Object.keys(metadata).length <= 10, 'user_metadata can have 10 properties at most');

const profileText = z.string().trim().min(1).max(150);

const signUpBody = z.object({
  email: z.email('email must be a valid email address').max(254),
  password: z.string('password is required').min(1, 'password is required').max(1000),
  username: z.string().max(128).optional(),
  name: profileText.optional(),
  given_name: profileText.optional(),
  family_name: profileText.optional(),
  nickname: profileText.optional(),
  picture: z.url().max(2000).optional(),
  user_metadata: signUpMetadata.optional(),
});

const changePasswordBody = z.object({
  email: z.email('email must be a valid email address').max(254),
});

const resetRequestSent = "We've just sent you an email to reset your password.";

/** The body as an object whose client_id and connection are the tenant's: without them nothing else can be judged. */
function checkedBody(context: IdentityContext, body: unknown): Record<string, unknown> {
  const { config } = context;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw dbConnectionError(400, {
      code: 'invalid_signup',
      description: 'Invalid sign up',
      message: 'The body must be a JSON object.',
    });
  }
  const record = body as Record<string, unknown>;
  if (record.client_id !== config.webClientId) {
    // Auth0 names the unknown client; "invalid_client" is the code its other endpoints use for it.
    throw dbConnectionError(400, {
      code: 'invalid_client',
      description: `Unknown client: ${typeof record.client_id === 'string' ? record.client_id : '(none)'}`,
    });
  }
  if (record.connection !== config.connection) {
    throw dbConnectionError(400, {
      code: 'invalid_connection',
      description: `Connection does not exist: ${typeof record.connection === 'string' ? record.connection : '(none)'}. Use ${config.connection}.`,
    });
  }
  return record;
}

async function signUp(context: IdentityContext, request: FastifyRequest) {
  const parsed = signUpBody.safeParse(checkedBody(context, request.body));
  if (!parsed.success) {
    // Auth0 says only "Invalid sign up"; `message` adds which field was wrong, for the developer.
    const issue = parsed.error.issues[0];
    throw dbConnectionError(400, {
      code: 'invalid_signup',
      description: 'Invalid sign up',
      message: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid sign up',
    });
  }
  const input = parsed.data;
  const result = await signUpUser(context, {
    email: input.email,
    password: input.password,
    name: input.name,
    givenName: input.given_name,
    familyName: input.family_name,
    nickname: input.nickname,
    picture: input.picture,
    userMetadata: input.user_metadata,
  });
  if (!result.ok && result.reason === 'user_exists') {
    throw dbConnectionError(400, { code: 'user_exists', description: 'The user already exists.' });
  }
  if (!result.ok) {
    // Auth0's body: password-sheriff's verdict on each rule (code, message, format, items, verified)
    // and the policy as text.
    throw dbConnectionError(400, {
      name: 'PasswordStrengthError',
      message: 'Password is too weak',
      code: 'invalid_password',
      description: { rules: result.rules, verified: false },
      policy: describePasswordPolicy(context.config.passwordPolicy),
    });
  }
  const { user } = result;
  request.log.info({ userId: user.userId }, 'user signed up');
  return { _id: user.userId.slice('auth0|'.length), email: user.email, email_verified: user.emailVerified };
}

async function requestPasswordReset(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const parsed = changePasswordBody.safeParse(checkedBody(context, request.body));
  if (!parsed.success) {
    throw dbConnectionError(400, {
      code: 'invalid_request',
      description: parsed.error.issues[0]?.message ?? 'email is required',
    });
  }
  const { email } = parsed.data;
  const limiter = context.rateLimits.resetRequests;
  if (limiter) {
    enforceRateLimit(reply, limiter.take(`${request.ip} ${normalizeEmail(email)}`), 'Too many requests');
  }
  // The same answer whether or not the account exists, so the endpoint cannot list accounts.
  const found = findDatabaseUser(context.store.state, email);
  if (found) {
    await sendPasswordResetEmail(context, found.user, found.identity.email);
    request.log.info({ userId: found.user.userId }, 'password reset email sent');
  }
  // Auth0 answers the bare sentence as HTML (not a JSON string); auth0-js hands it to the caller as is.
  return reply.type('text/html; charset=utf-8').send(resetRequestSent);
}

/**
 * /dbconnections: Auth0's database-connection endpoints used by auth0-js `signup` and `changePassword`.
 * Errors use that family's shape `{name, code, description, statusCode}`.
 */
export function registerDbConnectionRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /dbconnections/signup': signUp,
    'POST /dbconnections/change_password': requestPasswordReset,
  });
}
