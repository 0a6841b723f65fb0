import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { escapeHtml, sendPage } from '../http/html.ts';
import { endSession } from '../users/sessions.ts';

const logoutQuery = z.object({
  client_id: z.string().max(256).optional(),
  returnTo: z.string().max(4096).optional(),
  // `federated` arrives bare (`&federated`); there is no upstream provider session to end.
  federated: z.string().optional(),
  auth0Client: z.string().max(4096).optional(),
});

/**
 * /v2/logout ends the emulator's session, then returns to the app only when returnTo is on one of
 * IDENTITY_WEB_ORIGINS: the emulator is never an open redirect.
 */
export function registerLogoutRoutes(app: FastifyInstance, context: IdentityContext) {
  const { config } = context;

  app.get('/v2/logout', async (request, reply) => {
    const query = logoutQuery.safeParse(request.query ?? {});
    if (!query.success) {
      return sendPage(reply, context, {
        status: 400,
        title: 'Sign-out request not understood',
        body: '<p>Each parameter (client_id, returnTo, federated) may appear once, as text.</p>',
      });
    }
    const { client_id: clientId, returnTo } = query.data;
    if (clientId !== undefined && clientId !== config.webClientId) {
      return sendPage(reply, context, {
        status: 400,
        title: 'Unknown client',
        body: `<p>The client_id "${escapeHtml(clientId)}" is not a client of this identity provider.</p>`,
      });
    }
    const target = returnTo && URL.canParse(returnTo) ? new URL(returnTo) : undefined;
    if (returnTo !== undefined && (!target || !config.webOrigins.includes(target.origin))) {
      // Nothing is ended either: a refused request changes nothing.
      return sendPage(reply, context, {
        status: 400,
        title: 'Return address not allowed',
        body: `<p>You are still signed in. The returnTo address "${escapeHtml(returnTo)}" is not an allowed logout URL.</p>
<p class="hint">Allowed: any address on ${config.webOrigins.map(escapeHtml).join(', ')} (IDENTITY_WEB_ORIGINS).</p>`,
      });
    }
    await endSession(context, request, reply);
    if (target) return reply.redirect(target.toString(), 302);
    return sendPage(reply, context, {
      title: 'You are signed out',
      body: `<p>You are signed out of the identity emulator.</p>
<p><a href="${escapeHtml(config.webOrigins[0] ?? '/')}">Back to ${escapeHtml(config.appName)}</a></p>`,
    });
  });
}
