import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { HttpError, insufficientScope, managementError } from '../http/http-error.ts';
import { sendVerificationEmail } from '../mail/identity-mail.ts';
import type { UserRecord } from '../storage/identity-state.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '../tokens/verify-token.ts';
import { blockedAddresses, clearAllLoginFailures } from '../users/brute-force.ts';
import { deleteUser } from '../users/delete-user.ts';
import { linkIdentities } from '../users/link-identities.ts';
import { setPassword } from '../users/set-password.ts';
import { databaseIdentityOf, findDatabaseUser, toManagementUser } from '../users/user-profile.ts';

type Caller = { kind: 'client' | 'user'; sub: string; scopes: string[] };
type UserParams = { Params: { id: string } };

// Auth0 merges metadata one level deep; a property set to null is removed.
const metadata = z.record(z.string().max(255), z.unknown());
const profileText = z.string().trim().min(1).max(300);

const patchUserBody = z.strictObject({
  email: z.email().max(254).optional(),
  email_verified: z.boolean().optional(),
  verify_email: z.boolean().optional(),
  password: z.string().min(1).max(1000).optional(),
  connection: z.string().max(256).optional(),
  client_id: z.string().max(256).optional(),
  name: profileText.optional(),
  nickname: profileText.optional(),
  given_name: profileText.optional(),
  family_name: profileText.optional(),
  picture: z.url().max(2000).optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  blocked: z.boolean().optional(),
});

const linkBody = z.union([
  z.strictObject({ link_with: z.string().min(1).max(16_384) }),
  z.strictObject({
    provider: z.string().min(1).max(64),
    user_id: z.string().min(1).max(256),
    connection_id: z.string().max(256).optional(),
  }),
]);

const notFound = () => managementError(404, 'The user does not exist.', 'inexistent_user');
const notSupported = (message: string) => managementError(400, message, 'operation_not_supported');

function parsePayload<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw managementError(400, `Payload validation error: ${problems.join('; ')}`, 'invalid_body');
}

function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * The Management API (/api/v2) for users: read, update, delete, link. Tokens must be for
 * `${issuer}api/v2/`: the management client's (any user) or a user's own (itself, narrowly).
 */
export function registerManagementRoutes(app: FastifyInstance, context: IdentityContext) {
  const { config, urls } = context;
  const { state } = context.store;

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
    const body = parsePayload(patchUserBody, request.body);
    const { id } = request.params;
    const isAdmin = caller.scopes.includes('update:users');
    if (!isAdmin) {
      const onlyMetadata = Object.keys(body).every((key) => key === 'user_metadata');
      const mayEditSelf = caller.scopes.includes('update:current_user_metadata') && caller.sub === id;
      if (!onlyMetadata) throw insufficientScope(['update:users']);
      if (!mayEditSelf) throw insufficientScope(['update:users', 'update:current_user_metadata']);
    }
    const user = userOr404(id);

    if (body.email !== undefined && body.password !== undefined) {
      throw notSupported('Cannot update password and email simultaneously');
    }
    if (body.connection !== undefined && body.connection !== config.connection) {
      throw managementError(
        400,
        `The connection does not exist: ${body.connection}`,
        'inexistent_connection',
      );
    }
    const primaryIsDatabase = user.identities[0]?.provider === 'auth0';
    if (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) {
      if (!primaryIsDatabase) {
        throw notSupported(
          `Cannot update the email of a ${user.identities[0]?.provider} user: the email comes from that provider.`,
        );
      }
      const holder = findDatabaseUser(state, body.email);
      if (holder && holder.user !== user) {
        // Auth0 answers 400 here, not 409: clients must read the message to tell this case apart.
        throw managementError(400, 'The specified new email already exists', 'auth0_idp_error');
      }
    }
    if (body.password !== undefined) {
      if (!databaseIdentityOf(user)) {
        throw notSupported(
          `Cannot update the password of a ${user.identities[0]?.provider} user: it signs in with that provider.`,
        );
      }
      const result = await setPassword(context, user, body.password);
      if (!result.ok && result.reason === 'weak_password') {
        throw new HttpError(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'PasswordStrengthError: Password is too weak',
        });
      }
      if (!result.ok) throw notFound();
    }

    if (body.email !== undefined && body.email !== user.email) {
      const identity = databaseIdentityOf(user);
      if (identity && primaryIsDatabase) identity.email = body.email;
      user.email = body.email;
      user.emailVerified = body.email_verified ?? false;
    } else if (body.email_verified !== undefined) {
      user.emailVerified = body.email_verified;
    }
    if (body.name !== undefined) user.name = body.name;
    if (body.nickname !== undefined) user.nickname = body.nickname;
    if (body.given_name !== undefined) user.givenName = body.given_name;
    if (body.family_name !== undefined) user.familyName = body.family_name;
    if (body.picture !== undefined) user.picture = body.picture;
    if (body.user_metadata) user.userMetadata = mergeMetadata(user.userMetadata, body.user_metadata);
    if (body.app_metadata) user.appMetadata = mergeMetadata(user.appMetadata, body.app_metadata);
    if (body.blocked !== undefined) user.blocked = body.blocked;
    user.updatedAt = new Date().toISOString();
    await context.store.save();
    if (body.verify_email && !user.emailVerified) await sendVerificationEmail(context, user);
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
    const body = parsePayload(linkBody, request.body);
    const { id } = request.params;
    const mayLink =
      caller.scopes.includes('update:users') ||
      ('link_with' in body && caller.scopes.includes('update:current_user_identities') && caller.sub === id);
    if (!mayLink) throw insufficientScope(['update:users', 'update:current_user_identities']);
    const primary = userOr404(id);

    let secondary: UserRecord | undefined;
    if ('link_with' in body) {
      try {
        // The secondary account proves itself with an id token issued to the browser client.
        const verified = await verifyToken(context, body.link_with, config.webClientId);
        secondary = state.users.get(verified.sub);
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        throw managementError(400, `Invalid link_with token: ${error.message}`, 'invalid_body');
      }
    } else {
      const prefix = `${body.provider}|`;
      const bare = body.user_id.startsWith(prefix) ? body.user_id.slice(prefix.length) : body.user_id;
      secondary = state.users.get(`${body.provider}|${bare}`);
    }
    if (!secondary) throw managementError(400, 'The secondary user does not exist.', 'inexistent_user');
    if (secondary === primary)
      throw managementError(400, 'Main identity and the new one are the same.', 'invalid_body');
    await linkIdentities(context, primary, secondary);
    request.log.info({ userId: primary.userId, linked: secondary.userId }, 'accounts linked');
    return reply.status(201).send(toManagementUser(primary, urls).identities);
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
