import type { FastifyInstance } from 'fastify';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/operations/rate-limit.ts';
import { confirmNewsletter } from './confirm-newsletter.ts';
import { type NewsletterDeps, subscribeToNewsletter } from './subscribe-to-newsletter.ts';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: NewsletterDeps & { rateLimit: RateLimitConfig },
) {
  const options = { config: { rateLimit: publicPostLimit(deps.rateLimit) } };
  route(app, 'subscribeToNewsletter', options, async ({ body }) => {
    await subscribeToNewsletter(deps, body.email);
    return success({ subscribed: true });
  });
  route(app, 'confirmNewsletterSubscription', options, async ({ body }) => {
    const { email } = await confirmNewsletter(deps.db, body.token);
    return success({ email, confirmed: true as const });
  });
}
