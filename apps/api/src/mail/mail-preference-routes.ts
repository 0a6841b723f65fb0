import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/caller/authenticate.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/operations/rate-limit.ts';
import {
  changeMailPreferences,
  getMailPreferences,
  type MailOffer,
  unsubscribe,
} from './mail-preferences.ts';

/** Settings → Notifications, and the one-click unsubscribe link of optional mails. */
export function registerMailPreferenceRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate; rateLimit: RateLimitConfig; offer: MailOffer },
) {
  route(app, 'getMailPreferences', deps, async (_input, request) =>
    success(await getMailPreferences(deps.db, callerOf(request).uid, deps.offer)),
  );
  route(app, 'changeMailPreferences', deps, async ({ body }, request) =>
    success(await changeMailPreferences(deps.db, callerOf(request).uid, body, deps.offer)),
  );

  // Mail clients post `List-Unsubscribe=One-Click` form-encoded (RFC 8058); the page posts nothing.
  // Everything the request means is in its address, so the body is read and set aside.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );
    route(
      scope,
      'unsubscribeFromMail',
      { config: { rateLimit: publicPostLimit(deps.rateLimit) } },
      async ({ query }) => success(await unsubscribe(deps.db, query.token, query.mail)),
    );
  });
}
