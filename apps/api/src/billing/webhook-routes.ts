import type { WebhookReceipt } from '@launchkit/api-contract';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { AppError, success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { Metrics } from '#api/operations/metrics.ts';
import { type BillingMailDeps, orderBillingMail } from './billing-mails.ts';
import { callProvider } from './provider-errors.ts';
import { resumePausedTrial } from './resume-paused-trial.ts';
import { syncCustomerPlan } from './sync-plan.ts';
import { readEvent } from './webhook-events.ts';

/**
 * docs/product.md §7 / ARCHITECTURE.md "Payments": the provider's events. The signature is checked on
 * the raw bytes, so this route reads its body as a Buffer in its own scope. A failure to apply an event
 * (the provider or the database unreachable) answers non-2xx and the provider delivers the event again
 * later.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Database; stripe: Stripe; webhookSecret: string; metrics: Metrics } & BillingMailDeps,
) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Events can be far larger than the API's own bodies (an invoice with many lines). The signature
    // is this handler's own check (route() validates no headers): it is what turns the body into an event.
    route(scope, 'receiveStripeEvent', { bodyLimit: 1024 * 1024 }, async (_input, request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new AppError(400, 'billing/invalid-signature', 'The event has no valid Stripe-Signature.');
      }
      let event: unknown;
      try {
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
          // The signature held but the body is no event (not JSON, a thin event): nothing to apply.
          request.log.warn({ err: error }, 'webhook ignored: the signed body is not an event');
          return success<WebhookReceipt>({ received: true, result: 'ignored' });
        }
        request.log.warn({ err: error }, 'webhook refused: signature');
        throw new AppError(400, 'billing/invalid-signature', 'The event has no valid Stripe-Signature.');
      }
      // A signed event this product does not understand is acknowledged: answering an error would
      // only make the provider deliver it again, for days, with the same result.
      const reading = readEvent(event);
      if (!reading.isPlanEvent) {
        const details = { eventId: reading.id, type: reading.type, reason: reading.reason };
        if (reading.reason === 'unexpected-shape') request.log.warn(details, 'webhook ignored');
        else request.log.info(details, 'webhook ignored');
        return success<WebhookReceipt>({ received: true, result: 'ignored' });
      }
      const { customer } = reading;
      const stopTimer = deps.metrics.webhookDuration.startTimer();
      let result: Awaited<ReturnType<typeof syncCustomerPlan>>;
      try {
        result = await callProvider(request.log, 'apply the event', () => syncCustomerPlan(deps, customer));
      } catch (error) {
        stopTimer({ result: 'failed' });
        deps.metrics.webhookFailures.inc();
        throw error;
      }
      // The owner's mail, if the event calls for one; a failure here answers non-2xx like any other, and
      // the redelivered event orders the mail once (its key).
      const mail = await orderBillingMail(deps, event, request.log);
      await callProvider(request.log, 'resume the plan', () =>
        resumePausedTrial(deps.stripe, event, request.log),
      );
      stopTimer({ result: String(result) });
      request.log.info(
        { eventId: reading.id, type: reading.type, customer, result, mail },
        'webhook applied',
      );
      return success<WebhookReceipt>({ received: true, result });
    });
  });
}
