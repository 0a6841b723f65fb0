import { registerRoutes } from '@launchkit/emulator-kit';
import { checkPassword } from '@launchkit/password-policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import type { TicketKind } from '#identity/storage/identity-state.ts';
import { hashPassword } from '#identity/users/password-hash.ts';
import { newDatabaseUser } from '#identity/users/sign-up-user.ts';
import { createTicket, secretHash, ticketLifetimeMs } from '#identity/users/tickets.ts';
import { findDatabaseUser, normalizeEmail, toManagementUser } from '#identity/users/user-profile.ts';
import { parseUserQuery } from '#identity/users/user-search.ts';
import { callerWithScope, parsePayload, userOr404 } from './management-access.ts';
import { pageOf } from './management-pages.ts';

const metadata = z.record(z.string(), z.unknown());

/** POST /api/v2/users (Auth0: Users › Create a user), for the database connection. */
const userCreateBody = z.strictObject({
  connection: z.string().min(1).max(128),
  email: z.email().max(254),
  password: z.string().min(1).max(128).optional(),
  email_verified: z.boolean().optional(),
  verify_email: z.boolean().optional(),
  name: z.string().min(1).max(300).optional(),
  given_name: z.string().min(1).max(150).optional(),
  family_name: z.string().min(1).max(150).optional(),
  nickname: z.string().min(1).max(300).optional(),
  picture: z.url().max(2048).optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  blocked: z.boolean().optional(),
});

const ticketBody = z.strictObject({
  user_id: z.string().min(1).max(300).optional(),
  email: z.email().max(254).optional(),
  connection_id: z.string().max(50).optional(),
  result_url: z.url().max(2048).optional(),
  client_id: z.string().max(100).optional(),
  organization_id: z.string().max(50).optional(),
  ttl_sec: z.number().int().min(0).max(2_592_000).optional(),
  mark_email_as_verified: z.boolean().optional(),
  includeEmailInRedirect: z.boolean().optional(),
});

async function createUser(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  await callerWithScope(context, request, 'create:users');
  const body = parsePayload(userCreateBody, request.body);
  if (body.connection !== context.config.connection)
    throw managementError(400, 'The connection does not exist.', 'inexistent_connection');
  if (!body.password)
    throw managementError(
      400,
      "Payload validation error: 'Missing required property: password'.",
      'invalid_body',
    );
  if (!checkPassword(context.config.passwordPolicy, body.password).valid)
    throw managementError(400, 'PasswordStrengthError: Password is too weak', 'invalid_body');
  if (findDatabaseUser(context.store.state, body.email))
    throw managementError(409, 'The user already exists.', 'auth0_idp_error');
  const passwordHash = await hashPassword(body.password, context.config.passwordHashCost);
  const user = newDatabaseUser(context, {
    email: body.email,
    passwordHash,
    name: body.name,
    givenName: body.given_name,
    familyName: body.family_name,
    nickname: body.nickname,
    picture: body.picture,
  });
  user.emailVerified = body.email_verified ?? false;
  user.userMetadata = body.user_metadata ?? {};
  user.appMetadata = body.app_metadata ?? {};
  user.blocked = body.blocked ?? false;
  context.store.state.users.set(user.userId, user);
  await context.store.save();
  // Auth0 sends the verification email unless the address is verified or verify_email is false.
  if (!user.emailVerified && body.verify_email !== false) await sendVerificationEmail(context, user);
  request.log.info({ userId: user.userId }, 'user created');
  return reply.status(201).send(toManagementUser(user, context.urls));
}

async function listUsers(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'read:users');
  const query = request.query as Record<string, unknown>;
  const engine = query.search_engine;
  if (engine !== undefined && engine !== 'v3')
    throw managementError(
      400,
      `Query validation error: search_engine ${String(engine)} is retired; use v3`,
      'invalid_query_string',
    );
  const q = typeof query.q === 'string' && query.q.trim() ? parseUserQuery(query.q.trim()) : () => true;
  const connection = typeof query.connection === 'string' ? query.connection : undefined;
  const users = [...context.store.state.users.values()]
    .filter(
      (user) => q(user) && (!connection || user.identities.some((each) => each.connection === connection)),
    )
    .map((user) => toManagementUser(user, context.urls));
  return pageOf(users, { ...query, from: undefined, take: undefined }, 'users');
}

async function usersByEmail(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'read:users');
  const email = (request.query as Record<string, unknown>).email;
  if (typeof email !== 'string' || !email)
    throw managementError(
      400,
      "Query validation error: 'Missing required property: email'",
      'invalid_query_string',
    );
  const wanted = normalizeEmail(email);
  return [...context.store.state.users.values()]
    .filter((user) => normalizeEmail(user.email) === wanted)
    .map((user) => toManagementUser(user, context.urls));
}

/** A ticket URL as Auth0 answers it: the link the emailed one would be, made without sending mail. */
function ticketAnswer(context: IdentityContext, kind: TicketKind, body: z.output<typeof ticketBody>) {
  const user = body.user_id
    ? userOr404(context, body.user_id)
    : body.email
      ? findDatabaseUser(context.store.state, body.email)?.user
      : undefined;
  if (!user)
    throw managementError(
      body.email ? 404 : 400,
      body.email
        ? 'The user does not exist.'
        : "Payload validation error: 'Missing required property: user_id'",
      body.email ? 'inexistent_user' : 'invalid_body',
    );
  const secret = createTicket(context.store.state, {
    kind,
    userId: user.userId,
    ...(kind === 'verify' ? { email: user.email } : {}),
  });
  const record = context.store.state.tickets.get(secretHash(secret));
  if (record) record.expiresAt = Date.now() + (body.ttl_sec ? body.ttl_sec * 1000 : ticketLifetimeMs);
  return {
    ticket: context.urls.link(kind === 'verify' ? 'u/email-verification' : 'lo/reset', { ticket: secret }),
  };
}

async function passwordChangeTicket(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  await callerWithScope(context, request, 'create:user_tickets');
  const answer = ticketAnswer(context, 'reset', parsePayload(ticketBody, request.body));
  await context.store.save();
  return reply.status(201).send(answer);
}

async function emailVerificationTicket(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'create:user_tickets');
  const body = parsePayload(
    ticketBody.omit({ email: true, connection_id: true, mark_email_as_verified: true }),
    request.body,
  );
  const answer = ticketAnswer(context, 'verify', body);
  await context.store.save();
  return reply.status(201).send(answer);
}

/** Users created and searched by the Management API, and the tickets it makes (links without mail). */
export function registerManagementUserRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /api/v2/users': createUser,
    'GET /api/v2/users': listUsers,
    'GET /api/v2/users-by-email': usersByEmail,
    'POST /api/v2/tickets/password-change': passwordChangeTicket,
    'POST /api/v2/tickets/email-verification': emailVerificationTicket,
  });
}
