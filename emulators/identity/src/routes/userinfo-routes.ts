import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IdentityContext } from '../context.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '../tokens/verify-token.ts';
import { profileClaims } from '../users/user-profile.ts';

/**
 * /userinfo with the user's access token: the profile claims its scopes allow. Like Auth0, a refused
 * token gets the plain-text body "Unauthorized" and a WWW-Authenticate header saying why.
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
    let verified: Awaited<ReturnType<typeof verifyToken>>;
    try {
      verified = await verifyToken(context, token, context.urls.userinfoAudience);
    } catch (error) {
      if (error instanceof InvalidTokenError) return unauthorized(reply, error.message);
      throw error;
    }
    const user = context.store.state.users.get(verified.sub);
    if (!user) return unauthorized(reply, 'The user no longer exists.');
    if (user.blocked) return unauthorized(reply, 'The user is blocked.');
    reply.header('Cache-Control', 'no-store');
    return { sub: user.userId, ...profileClaims(user, context.urls, verified.scopes) };
  });
}
