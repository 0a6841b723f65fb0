import type { FastifyInstance } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/operations/rate-limit.ts';
import { subscribeToNewsletter } from './subscribe-to-newsletter.ts';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: { db: Database; rateLimit: RateLimitConfig },
) {
  const options = { config: { rateLimit: publicPostLimit(deps.rateLimit) } };
  route(app, 'subscribeToNewsletter', options, async ({ body }) => {
    await subscribeToNewsletter(deps.db, body.email);
    return success({ subscribed: true });
  });
}
