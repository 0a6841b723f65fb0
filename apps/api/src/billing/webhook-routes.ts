import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { AppError, success } from '#api/http/app-error.ts';
import { callProvider } from './provider-errors.ts';
import { syncCustomerPlan } from './sync-plan.ts';
import { customerOf, planEvents } from './webhook-events.ts';

/**
 * §7 / DESIGN "Payments": the provider's events. The signature is checked on the raw bytes, so this
 * route reads its body as a Buffer in its own scope. Any failure answers non-2xx and the provider
 * delivers the event again later.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Database; stripe: Stripe; webhookSecret: string },
) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Events can be far larger than the API's own bodies (an invoice with many lines).
    scope.post('/api/stripe-webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new AppError(400, 'billing/invalid-signature', 'The event has no valid Stripe-Signature.');
      }
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'webhook refused: signature');
        throw new AppError(400, 'billing/invalid-signature', 'The event has no valid Stripe-Signature.');
      }
      const customer = planEvents.has(event.type) ? customerOf(event) : null;
      if (!customer) return success({ received: true, result: 'ignored' });
      const result = await callProvider(request.log, 'apply the event', () =>
        syncCustomerPlan(deps, customer),
      );
      request.log.info({ eventId: event.id, type: event.type, customer, result }, 'webhook applied');
      return success({ received: true, result });
    });
  });
}
