import { randomBytes } from 'node:crypto';
import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { insufficientScope } from '#identity/http/http-error.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import { accountToLink, linkRequestBody } from '#identity/users/account-to-link.ts';
import { blockedAddresses, clearAllLoginFailures } from '#identity/users/brute-force.ts';
import { deleteUser } from '#identity/users/delete-user.ts';
import { linkIdentities } from '#identity/users/link-identities.ts';
import { updateUser, userUpdateBody } from '#identity/users/update-user.ts';
import { toManagementUser } from '#identity/users/user-profile.ts';
import {
  authenticateManagement,
  callerWithScope,
  limitManagementRequests,
  parsePayload,
  type UserParams,
  userOr404,
  userWithScope,
} from './management-access.ts';
import {
  deleteAuthenticationMethod,
  deleteRefreshToken,
  deleteUserRefreshTokens,
  deleteUserSessions,
  listAuthenticationMethods,
  listUserRefreshTokens,
  renameAuthenticationMethod,
  retrieveRefreshToken,
} from './management-credential-routes.ts';

/** POST /api/v2/jobs/verification-email (Auth0: Jobs › Send an email address verification email). */
const verificationEmailBody = z.strictObject({
  user_id: z.string().min(1),
  client_id: z.string().optional(),
  identity: z.strictObject({ user_id: z.string(), provider: z.string() }).optional(),
  organization_id: z.string().optional(),
});

async function retrieveUser(context: IdentityContext, request: FastifyRequest<UserParams>) {
  const caller = await authenticateManagement(context, request);
  const { id } = request.params;
  const canRead =
    caller.scopes.includes('read:users') ||
    (caller.scopes.includes('read:current_user') && caller.sub === id);
  if (!canRead) throw insufficientScope(['read:users', 'read:current_user']);
  return toManagementUser(userOr404(context, id), context.urls);
}

async function patchUser(context: IdentityContext, request: FastifyRequest<UserParams>) {
  const caller = await authenticateManagement(context, request);
  const body = parsePayload(userUpdateBody, request.body);
  const { id } = request.params;
  const isAdmin = caller.scopes.includes('update:users');
  if (!isAdmin) {
    const onlyMetadata = Object.keys(body).every((key) => key === 'user_metadata');
    const mayEditSelf = caller.scopes.includes('update:current_user_metadata') && caller.sub === id;
    if (!onlyMetadata) throw insufficientScope(['update:users']);
    if (!mayEditSelf) throw insufficientScope(['update:users', 'update:current_user_metadata']);
  }
  const user = userOr404(context, id);
  await updateUser(context, user, body);
  request.log.info({ userId: user.userId, fields: Object.keys(body) }, 'user updated');
  return toManagementUser(user, context.urls);
}

async function removeUser(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:users');
  // Like Auth0, deleting a user that does not exist is not an error.
  if (deleteUser(context.store.state, request.params.id)) {
    await context.store.save();
    request.log.info({ userId: request.params.id }, 'user deleted');
  }
  return reply.status(204).send();
}

async function linkUserIdentities(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  const caller = await authenticateManagement(context, request);
  const body = parsePayload(linkRequestBody, request.body);
  const { id } = request.params;
  const mayLink =
    caller.scopes.includes('update:users') ||
    ('link_with' in body && caller.scopes.includes('update:current_user_identities') && caller.sub === id);
  if (!mayLink) throw insufficientScope(['update:users', 'update:current_user_identities']);
  const primary = userOr404(context, id);
  const secondary = await accountToLink(context, primary, body);
  await linkIdentities(context, primary, secondary);
  request.log.info({ userId: primary.userId, linked: secondary.userId }, 'accounts linked');
  return reply.status(201).send(toManagementUser(primary, context.urls).identities);
}

/**
 * Mails the verification link now, so the job is done when it answers; Auth0 answers `pending` and
 * sends it moments later (docs/identity.md).
 */
async function sendVerificationJob(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  await callerWithScope(context, request, 'update:users');
  const body = parsePayload(verificationEmailBody, request.body);
  const user = userOr404(context, body.user_id);
  await sendVerificationEmail(context, user);
  request.log.info({ userId: user.userId }, 'verification email sent');
  return reply.status(201).send({
    type: 'verification_email',
    status: 'pending',
    created_at: new Date().toISOString(),
    id: `job_${randomBytes(8).toString('base64url')}`,
  });
}

async function retrieveUserBlocks(context: IdentityContext, request: FastifyRequest<UserParams>) {
  const user = await userWithScope(context, request, 'read:users');
  return {
    blocked_for: blockedAddresses(context.store.state, user.userId).map((ip) => ({
      identifier: user.email,
      ip,
    })),
  };
}

async function removeUserBlocks(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  const user = await userWithScope(context, request, 'update:users');
  clearAllLoginFailures(context.store.state, user.userId);
  await context.store.save();
  return reply.status(204).send();
}

/**
 * The Management API (/api/v2) for users: read, update, delete, link. Tokens must be for
 * `${issuer}api/v2/`: the management client's (any user) or a user's own (itself, narrowly).
 */
export function registerManagementRoutes(app: FastifyInstance, context: IdentityContext) {
  limitManagementRequests(app, context);
  registerRoutes(app, context, {
    'GET /api/v2/users/:id': retrieveUser,
    'PATCH /api/v2/users/:id': patchUser,
    'DELETE /api/v2/users/:id': removeUser,
    'POST /api/v2/users/:id/identities': linkUserIdentities,
    'GET /api/v2/users/:id/authentication-methods': listAuthenticationMethods,
    'PATCH /api/v2/users/:id/authentication-methods/:methodId': renameAuthenticationMethod,
    'DELETE /api/v2/users/:id/authentication-methods/:methodId': deleteAuthenticationMethod,
    'DELETE /api/v2/users/:id/sessions': deleteUserSessions,
    'GET /api/v2/users/:id/refresh-tokens': listUserRefreshTokens,
    'DELETE /api/v2/users/:id/refresh-tokens': deleteUserRefreshTokens,
    'GET /api/v2/refresh-tokens/:id': retrieveRefreshToken,
    'DELETE /api/v2/refresh-tokens/:id': deleteRefreshToken,
    'POST /api/v2/jobs/verification-email': sendVerificationJob,
    'GET /api/v2/user-blocks/:id': retrieveUserBlocks,
    'DELETE /api/v2/user-blocks/:id': removeUserBlocks,
  });
}
