import { newsletterRequest } from '@app/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/http/rate-limit.ts';
import { validate } from '#api/http/validate.ts';
import { subscribeToNewsletter } from './subscribe-to-newsletter.ts';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: { db: Database; rateLimit: RateLimitConfig },
) {
  app.post('/api/newsletter', { config: { rateLimit: publicPostLimit(deps.rateLimit) } }, async (request) => {
    const { email } = validate(newsletterRequest, request.body);
    await subscribeToNewsletter(deps.db, email);
    return success({ subscribed: true });
  });
}
