import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { enforceRateLimit } from '#identity/http/rate-limiter.ts';
import { bearerToken, InvalidTokenError, verifyUserinfoToken } from '#identity/tokens/verify-token.ts';
import { profileClaims } from '#identity/users/user-profile.ts';

/** The tenant-log words Auth0 documents for this limit. */
export const userinfoLimitMessage =
  "You passed the limit of allowed calls to '/userinfo' with the same user.";

/**
 * /userinfo with the user's access token (a JWT granted openid, or the opaque token issued without an
 * audience): the profile claims its scopes allow. Like Auth0, a refused token gets the plain-text body
 * "Unauthorized" and a WWW-Authenticate header saying why, and each user may call it in a burst of 10
 * then 5 times a minute (x-ratelimit-* headers; 429 too_many_requests past it).
 */
export function registerUserinfoRoutes(app: FastifyInstance, context: IdentityContext) {
  const unauthorized = (reply: FastifyReply, description: string) =>
    reply
      .status(401)
      .header(
        'WWW-Authenticate',
        `Bearer error="invalid_token", error_description="${description.replace(/"/g, "'")}"`,
      )
      .type('text/plain; charset=utf-8')
      .send('Unauthorized');

  app.get('/userinfo', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized');
    }
    let verified: Awaited<ReturnType<typeof verifyUserinfoToken>>;
    try {
      verified = await verifyUserinfoToken(context, token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return unauthorized(reply, error.message);
      throw error;
    }
    // Limited per user (Auth0: "to a unique user ID"), whichever client or address calls.
    const limiter = context.rateLimits.userinfo;
    if (limiter) enforceRateLimit(reply, limiter.take(verified.sub), userinfoLimitMessage);
    const user = context.store.state.users.get(verified.sub);
    if (!user) return unauthorized(reply, 'The user no longer exists.');
    if (user.blocked) return unauthorized(reply, 'The user is blocked.');
    reply.header('Cache-Control', 'no-store');
    return { sub: user.userId, ...profileClaims(user, context.urls, verified.scopes) };
  });
}
