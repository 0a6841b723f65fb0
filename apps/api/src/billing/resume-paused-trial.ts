import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';

/** The subscription of an event, when it is one paused that now has a card of its own. */
function pausedWithCard(event: unknown): string | undefined {
  const object = (event as { data?: { object?: Record<string, unknown> } }).data?.object;
  if (object?.object !== 'subscription' || object.status !== 'paused') return undefined;
  return object.default_payment_method && typeof object.id === 'string' ? object.id : undefined;
}

/**
 * A trial that ended without a card is paused (STRIPE_TRIAL_END_WITHOUT_CARD=pause, docs/billing.md);
 * when the owner adds a card in the billing portal, the provider announces the paused subscription's
 * new default card, and this resumes it at once: a new period from now, charged to that card. The
 * provider's answer, not the event, decides: a subscription already resumed (a second delivery, another
 * instance) is refused by the provider and left alone.
 */
export async function resumePausedTrial(stripe: Stripe, event: unknown, log: FastifyBaseLogger) {
  const subscription = pausedWithCard(event);
  if (!subscription) return false;
  try {
    await stripe.subscriptions.resume(subscription, { billing_cycle_anchor: { type: 'now' } });
    log.info({ subscription }, 'paused trial resumed: a card was added');
    return true;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    log.info({ subscription, providerMessage: error.message }, 'paused trial not resumed');
    return false;
  }
}
