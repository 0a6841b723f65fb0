import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { HttpError, insufficientScope, managementError } from '#identity/http/http-error.ts';
import { rateLimitHeaders } from '#identity/http/rate-limiter.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '#identity/tokens/verify-token.ts';

export type Caller = { kind: 'client' | 'user'; sub: string; scopes: string[] };
export type UserParams = { Params: { id: string } };

/**
 * Auth0 counts the tenant's Management API calls: every answer says where the bucket stands, and a
 * call past it is 429 until it refills.
 */
export function limitManagementRequests(app: FastifyInstance, context: IdentityContext) {
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
}

/** The caller of a Management API request: a token for `${issuer}api/v2/`, or 401. */
export async function authenticateManagement(
  context: IdentityContext,
  request: FastifyRequest,
): Promise<Caller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw managementError(401, 'Missing authentication');
  try {
    const verified = await verifyToken(context, token, context.urls.managementAudience);
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
}

/** The caller, who must hold `scope` (403 insufficient_scope otherwise). */
export async function callerWithScope(context: IdentityContext, request: FastifyRequest, scope: string) {
  const caller = await authenticateManagement(context, request);
  if (!caller.scopes.includes(scope)) throw insufficientScope([scope]);
  return caller;
}

export function parsePayload<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw managementError(400, `Payload validation error: ${problems.join('; ')}`, 'invalid_body');
}

export function userOr404(context: IdentityContext, id: string): UserRecord {
  const user = context.store.state.users.get(id);
  if (!user) throw managementError(404, 'The user does not exist.', 'inexistent_user');
  return user;
}

/** The user the URL names, for a caller holding `scope`. */
export async function userWithScope(
  context: IdentityContext,
  request: FastifyRequest<UserParams>,
  scope: string,
): Promise<UserRecord> {
  await callerWithScope(context, request, scope);
  return userOr404(context, request.params.id);
}
