import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import {
  authenticatorsOf,
  passkeyAuthenticationMethod,
  passwordAuthenticationMethod,
  toAuthenticationMethod,
} from '#identity/mfa/authenticators.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { familiesOf, revokeFamily, toManagementRefreshToken } from '#identity/tokens/refresh-tokens.ts';
import {
  callerWithScope,
  parsePayload,
  type UserParams,
  userOr404,
  userWithScope,
} from './management-access.ts';

// The Management API's handlers for what a person signs in with: authentication methods, the
// provider's sessions, refresh tokens.

type MethodParams = { Params: { id: string; methodId: string } };

/** Auth0's paging parameters of a list. */
const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  include_totals: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

const refreshTokenQuery = z.object({
  from: z.string().optional(),
  take: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * Auth0: Users › Get a list of authentication methods (read:authentication_methods): an array, or with
 * include_totals=true a page object, as node-auth0 asks for it.
 */
export async function listAuthenticationMethods(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
) {
  await callerWithScope(context, request, 'read:authentication_methods');
  const query = parsePayload(listQuery, request.query);
  const user = userOr404(context, request.params.id);
  const methods = [
    ...passwordAuthenticationMethod(user),
    ...(user.passkeys ?? []).map(passkeyAuthenticationMethod),
    ...authenticatorsOf(user).map(toAuthenticationMethod),
  ];
  const start = query.page * query.per_page;
  const page = methods.slice(start, start + query.per_page);
  if (!query.include_totals) return page;
  return { start, limit: query.per_page, total: methods.length, authenticators: page };
}

function passkeyOr404(user: UserRecord, methodId: string) {
  const passkey = user.passkeys?.find((each) => each.id === methodId);
  if (!passkey)
    throw managementError(404, 'Authentication method not found.', 'inexistent_authentication_method');
  return passkey;
}

/** Auth0: Users › Update an authentication method (update:authentication_methods): a passkey's name. */
export async function renameAuthenticationMethod(
  context: IdentityContext,
  request: FastifyRequest<MethodParams>,
) {
  await callerWithScope(context, request, 'update:authentication_methods');
  const { name } = parsePayload(z.strictObject({ name: z.string().min(1).max(50) }), request.body);
  const passkey = passkeyOr404(userOr404(context, request.params.id), request.params.methodId);
  passkey.name = name;
  await context.store.save();
  return passkeyAuthenticationMethod(passkey);
}

/** Auth0: Users › Delete an authentication method (delete:authentication_methods). */
export async function deleteAuthenticationMethod(
  context: IdentityContext,
  request: FastifyRequest<MethodParams>,
  reply: FastifyReply,
) {
  const user = await userWithScope(context, request, 'delete:authentication_methods');
  const passkey = passkeyOr404(user, request.params.methodId);
  user.passkeys = (user.passkeys ?? []).filter((each) => each !== passkey);
  await context.store.save();
  request.log.info({ userId: user.userId }, 'passkey removed');
  return reply.status(204).send();
}

/**
 * Auth0: Users › Delete sessions for user (delete:sessions): the provider's own sign-in sessions (the
 * cookie its hosted pages and popups reuse). Refresh tokens are left alone, as Auth0 leaves them.
 */
export async function deleteUserSessions(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  const user = await userWithScope(context, request, 'delete:sessions');
  const { sessions } = context.store.state;
  for (const [key, session] of sessions) {
    if (session.userId === user.userId) sessions.delete(key);
  }
  await context.store.save();
  return reply.status(202).send();
}

/**
 * Auth0: Users › Get refresh tokens for a user (read:refresh_tokens): one entry per family, paged
 * by `from` (the last id seen) and `take`.
 */
export async function listUserRefreshTokens(context: IdentityContext, request: FastifyRequest<UserParams>) {
  await callerWithScope(context, request, 'read:refresh_tokens');
  const query = parsePayload(refreshTokenQuery, request.query);
  const user = userOr404(context, request.params.id);
  const families = familiesOf(context.store, user.userId);
  const start = query.from ? families.findIndex((family) => family.familyId === query.from) + 1 : 0;
  const page = families.slice(start, start + query.take);
  const last = page.at(-1);
  return {
    tokens: page.map(toManagementRefreshToken),
    ...(last && start + query.take < families.length ? { next: last.familyId } : {}),
  };
}

/** Auth0: Users › Delete refresh tokens for a user (delete:refresh_tokens). */
export async function deleteUserRefreshTokens(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  const user = await userWithScope(context, request, 'delete:refresh_tokens');
  for (const family of familiesOf(context.store, user.userId))
    await revokeFamily(context.store, family.familyId);
  return reply.status(202).send();
}

function refreshTokenOr404(context: IdentityContext, id: string) {
  const found = [...context.store.state.refreshTokens.values()].find((record) => record.familyId === id);
  if (!found) throw managementError(404, 'The refresh token does not exist.', 'refresh_token_not_found');
  return found;
}

/** Auth0: Refresh tokens › Get a refresh token (read:refresh_tokens). */
export async function retrieveRefreshToken(context: IdentityContext, request: FastifyRequest<UserParams>) {
  await callerWithScope(context, request, 'read:refresh_tokens');
  return toManagementRefreshToken(refreshTokenOr404(context, request.params.id));
}

/** Auth0: Refresh tokens › Delete a refresh token (delete:refresh_tokens): the whole family. */
export async function deleteRefreshToken(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:refresh_tokens');
  refreshTokenOr404(context, request.params.id);
  await revokeFamily(context.store, request.params.id);
  return reply.status(202).send();
}
