import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { HttpError, insufficientScope, managementError } from '#identity/http/http-error.ts';
import { rateLimitHeaders } from '#identity/http/rate-limiter.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import {
  authenticatorsOf,
  passkeyAuthenticationMethod,
  passwordAuthenticationMethod,
  toAuthenticationMethod,
} from '#identity/mfa/authenticators.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { familiesOf, revokeFamily, toManagementRefreshToken } from '#identity/tokens/refresh-tokens.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '#identity/tokens/verify-token.ts';
import { accountToLink, linkRequestBody } from '#identity/users/account-to-link.ts';
import { blockedAddresses, clearAllLoginFailures } from '#identity/users/brute-force.ts';
import { deleteUser } from '#identity/users/delete-user.ts';
import { linkIdentities } from '#identity/users/link-identities.ts';
import { updateUser, userUpdateBody } from '#identity/users/update-user.ts';
import { toManagementUser } from '#identity/users/user-profile.ts';

type Caller = { kind: 'client' | 'user'; sub: string; scopes: string[] };
type UserParams = { Params: { id: string } };

const notFound = () => managementError(404, 'The user does not exist.', 'inexistent_user');

/** POST /api/v2/jobs/verification-email (Auth0: Jobs › Send an email address verification email). */
const verificationEmailBody = z.strictObject({
  user_id: z.string().min(1),
  client_id: z.string().optional(),
  identity: z.strictObject({ user_id: z.string(), provider: z.string() }).optional(),
  organization_id: z.string().optional(),
});

/** Auth0's paging parameters of a list. */
const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  include_totals: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

function parsePayload<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw managementError(400, `Payload validation error: ${problems.join('; ')}`, 'invalid_body');
}

/**
 * The Management API (/api/v2) for users: read, update, delete, link. Tokens must be for
 * `${issuer}api/v2/`: the management client's (any user) or a user's own (itself, narrowly).
 */
export function registerManagementRoutes(app: FastifyInstance, context: IdentityContext) {
  const { urls } = context;
  const { state } = context.store;

  // Auth0 counts the tenant's Management API calls: every answer says where the bucket stands, and a
  // call past it is 429 until it refills.
  app.addHook('onRequest', async (request, reply) => {
    const limiter = context.rateLimits.management;
    if (!limiter || !request.url.startsWith('/api/v2/')) return;
    const limit = limiter.take('tenant');
    const headers = rateLimitHeaders(limit);
    if (!limit.isAllowed) {
      throw new HttpError(
        429,
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Global limit has been reached',
          errorCode: 'too_many_requests',
        },
        headers,
      );
    }
    reply.headers(headers);
  });

  const authenticate = async (request: FastifyRequest): Promise<Caller> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw managementError(401, 'Missing authentication');
    try {
      const verified = await verifyToken(context, token, urls.managementAudience);
      return {
        kind: verified.gty === 'client-credentials' ? 'client' : 'user',
        sub: verified.sub,
        scopes: verified.scopes,
      };
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      throw managementError(
        401,
        error.isExpired ? 'Expired token received for JSON Web Token validation' : error.message,
      );
    }
  };

  const userOr404 = (id: string): UserRecord => {
    const user = state.users.get(id);
    if (!user) throw notFound();
    return user;
  };

  app.get<UserParams>('/api/v2/users/:id', async (request) => {
    const caller = await authenticate(request);
    const { id } = request.params;
    const canRead =
      caller.scopes.includes('read:users') ||
      (caller.scopes.includes('read:current_user') && caller.sub === id);
    if (!canRead) throw insufficientScope(['read:users', 'read:current_user']);
    return toManagementUser(userOr404(id), urls);
  });

  app.patch<UserParams>('/api/v2/users/:id', async (request) => {
    const caller = await authenticate(request);
    const body = parsePayload(userUpdateBody, request.body);
    const { id } = request.params;
    const isAdmin = caller.scopes.includes('update:users');
    if (!isAdmin) {
      const onlyMetadata = Object.keys(body).every((key) => key === 'user_metadata');
      const mayEditSelf = caller.scopes.includes('update:current_user_metadata') && caller.sub === id;
      if (!onlyMetadata) throw insufficientScope(['update:users']);
      if (!mayEditSelf) throw insufficientScope(['update:users', 'update:current_user_metadata']);
    }
    const user = userOr404(id);
    await updateUser(context, user, body);
    request.log.info({ userId: user.userId, fields: Object.keys(body) }, 'user updated');
    return toManagementUser(user, urls);
  });

  app.delete<UserParams>('/api/v2/users/:id', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('delete:users')) throw insufficientScope(['delete:users']);
    // Like Auth0, deleting a user that does not exist is not an error.
    if (deleteUser(state, request.params.id)) {
      await context.store.save();
      request.log.info({ userId: request.params.id }, 'user deleted');
    }
    return reply.status(204).send();
  });

  app.post<UserParams>('/api/v2/users/:id/identities', async (request, reply) => {
    const caller = await authenticate(request);
    const body = parsePayload(linkRequestBody, request.body);
    const { id } = request.params;
    const mayLink =
      caller.scopes.includes('update:users') ||
      ('link_with' in body && caller.scopes.includes('update:current_user_identities') && caller.sub === id);
    if (!mayLink) throw insufficientScope(['update:users', 'update:current_user_identities']);
    const primary = userOr404(id);
    const secondary = await accountToLink(context, primary, body);
    await linkIdentities(context, primary, secondary);
    request.log.info({ userId: primary.userId, linked: secondary.userId }, 'accounts linked');
    return reply.status(201).send(toManagementUser(primary, urls).identities);
  });

  // Auth0: Users › Get a list of authentication methods (read:authentication_methods): an array, or with
  // include_totals=true a page object, as node-auth0 asks for it.
  app.get<UserParams & { Querystring: Record<string, string | undefined> }>(
    '/api/v2/users/:id/authentication-methods',
    async (request) => {
      const caller = await authenticate(request);
      if (!caller.scopes.includes('read:authentication_methods'))
        throw insufficientScope(['read:authentication_methods']);
      const query = parsePayload(listQuery, request.query);
      const user = userOr404(request.params.id);
      const methods = [
        ...passwordAuthenticationMethod(user),
        ...(user.passkeys ?? []).map(passkeyAuthenticationMethod),
        ...authenticatorsOf(user).map(toAuthenticationMethod),
      ];
      const start = query.page * query.per_page;
      const page = methods.slice(start, start + query.per_page);
      if (!query.include_totals) return page;
      return { start, limit: query.per_page, total: methods.length, authenticators: page };
    },
  );

  type MethodParams = { Params: { id: string; methodId: string } };
  const passkeyOr404 = (user: UserRecord, methodId: string) => {
    const passkey = user.passkeys?.find((each) => each.id === methodId);
    if (!passkey)
      throw managementError(404, 'Authentication method not found.', 'inexistent_authentication_method');
    return passkey;
  };

  // Auth0: Users › Update an authentication method (update:authentication_methods): a passkey's name.
  app.patch<MethodParams>('/api/v2/users/:id/authentication-methods/:methodId', async (request) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('update:authentication_methods'))
      throw insufficientScope(['update:authentication_methods']);
    const { name } = parsePayload(z.strictObject({ name: z.string().min(1).max(50) }), request.body);
    const passkey = passkeyOr404(userOr404(request.params.id), request.params.methodId);
    passkey.name = name;
    await context.store.save();
    return passkeyAuthenticationMethod(passkey);
  });

  // Auth0: Users › Delete an authentication method (delete:authentication_methods).
  app.delete<MethodParams>('/api/v2/users/:id/authentication-methods/:methodId', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('delete:authentication_methods'))
      throw insufficientScope(['delete:authentication_methods']);
    const user = userOr404(request.params.id);
    const passkey = passkeyOr404(user, request.params.methodId);
    user.passkeys = (user.passkeys ?? []).filter((each) => each !== passkey);
    await context.store.save();
    request.log.info({ userId: user.userId }, 'passkey removed');
    return reply.status(204).send();
  });

  // Auth0: Users › Delete sessions for user (delete:sessions): the provider's own sign-in sessions (the
  // cookie its hosted pages and popups reuse). Refresh tokens are left alone, as Auth0 leaves them.
  app.delete<UserParams>('/api/v2/users/:id/sessions', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('delete:sessions')) throw insufficientScope(['delete:sessions']);
    const user = userOr404(request.params.id);
    for (const [key, session] of state.sessions) {
      if (session.userId === user.userId) state.sessions.delete(key);
    }
    await context.store.save();
    return reply.status(202).send();
  });

  // Auth0: Users › Get refresh tokens for a user (read:refresh_tokens): one entry per family, paged
  // by `from` (the last id seen) and `take`.
  app.get<UserParams & { Querystring: Record<string, string | undefined> }>(
    '/api/v2/users/:id/refresh-tokens',
    async (request) => {
      const caller = await authenticate(request);
      if (!caller.scopes.includes('read:refresh_tokens')) throw insufficientScope(['read:refresh_tokens']);
      const query = parsePayload(
        z.object({ from: z.string().optional(), take: z.coerce.number().int().min(1).max(100).default(50) }),
        request.query,
      );
      const user = userOr404(request.params.id);
      const families = familiesOf(context.store, user.userId);
      const start = query.from ? families.findIndex((family) => family.familyId === query.from) + 1 : 0;
      const page = families.slice(start, start + query.take);
      const last = page.at(-1);
      return {
        tokens: page.map(toManagementRefreshToken),
        ...(last && start + query.take < families.length ? { next: last.familyId } : {}),
      };
    },
  );

  // Auth0: Users › Delete refresh tokens for a user (delete:refresh_tokens).
  app.delete<UserParams>('/api/v2/users/:id/refresh-tokens', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('delete:refresh_tokens')) throw insufficientScope(['delete:refresh_tokens']);
    const user = userOr404(request.params.id);
    for (const family of familiesOf(context.store, user.userId))
      await revokeFamily(context.store, family.familyId);
    return reply.status(202).send();
  });

  const refreshTokenOr404 = (id: string) => {
    const found = [...state.refreshTokens.values()].find((record) => record.familyId === id);
    if (!found) throw managementError(404, 'The refresh token does not exist.', 'refresh_token_not_found');
    return found;
  };

  // Auth0: Refresh tokens › Get a refresh token (read:refresh_tokens).
  app.get<UserParams>('/api/v2/refresh-tokens/:id', async (request) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('read:refresh_tokens')) throw insufficientScope(['read:refresh_tokens']);
    return toManagementRefreshToken(refreshTokenOr404(request.params.id));
  });

  // Auth0: Refresh tokens › Delete a refresh token (delete:refresh_tokens): the whole family.
  app.delete<UserParams>('/api/v2/refresh-tokens/:id', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('delete:refresh_tokens')) throw insufficientScope(['delete:refresh_tokens']);
    refreshTokenOr404(request.params.id);
    await revokeFamily(context.store, request.params.id);
    return reply.status(202).send();
  });

  // Mails the verification link now, so the job is done when it answers; Auth0 answers `pending` and
  // sends it moments later (docs/identity.md).
  app.post('/api/v2/jobs/verification-email', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('update:users')) throw insufficientScope(['update:users']);
    const body = parsePayload(verificationEmailBody, request.body);
    const user = userOr404(body.user_id);
    await sendVerificationEmail(context, user);
    request.log.info({ userId: user.userId }, 'verification email sent');
    return reply.status(201).send({
      type: 'verification_email',
      status: 'pending',
      created_at: new Date().toISOString(),
      id: `job_${randomBytes(8).toString('base64url')}`,
    });
  });

  app.get<UserParams>('/api/v2/user-blocks/:id', async (request) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('read:users')) throw insufficientScope(['read:users']);
    const user = userOr404(request.params.id);
    return {
      blocked_for: blockedAddresses(state, user.userId).map((ip) => ({ identifier: user.email, ip })),
    };
  });

  app.delete<UserParams>('/api/v2/user-blocks/:id', async (request, reply) => {
    const caller = await authenticate(request);
    if (!caller.scopes.includes('update:users')) throw insufficientScope(['update:users']);
    const user = userOr404(request.params.id);
    clearAllLoginFailures(state, user.userId);
    await context.store.save();
    return reply.status(204).send();
  });
}
