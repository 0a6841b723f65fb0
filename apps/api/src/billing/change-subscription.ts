import type { Subscription, SubscriptionChange } from '@launchkit/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '#api/http/app-error.ts';
import type { UserRow } from '#api/users/user-document.ts';
import {
  liveSubscription,
  liveSubscriptionOf,
  type SubscriptionDeps,
  seatsInUse,
  subscriptionView,
} from './live-subscription.ts';
import { callProvider } from './provider-errors.ts';
import { lowerSeatLimit, priceForChoice, providerNow } from './subscription-choice.ts';
import { syncCustomerPlan } from './sync-plan.ts';

/** A preview this old is made again: the prorations it showed have moved on. */
const previewLifetimeSeconds = 15 * 60;

/**
 * Changes the plan, billing period or seats as previewed: prorated from the preview's second and
 * invoiced at once. Fewer seats lower the limit first (lowerSeatLimit); the plan is then written from
 * the provider's state, whether or not the provider took the change.
 */
export async function changeSubscription(
  deps: SubscriptionDeps,
  log: FastifyBaseLogger,
  user: UserRow,
  change: SubscriptionChange,
): Promise<Subscription> {
  const live = await liveSubscriptionOf(deps, log, user);
  const now = await callProvider(log, 'read the time', () => providerNow(deps.stripe, live.customer));
  if (change.prorationDate > now + 60 || change.prorationDate < now - previewLifetimeSeconds) {
    throw new AppError(
      400,
      'billing/preview-expired',
      'The preview is more than 15 minutes old. Please preview the change again.',
    );
  }
  const taken = await seatsInUse(deps.db, user.id);
  const price = priceForChoice(deps.plans, live, change, taken);
  if (change.seats < (live.item.quantity ?? 0)) await lowerSeatLimit(deps.db, user.id, change.seats);
  let changed: Stripe.Subscription;
  try {
    changed = await callProvider(log, 'change your plan', () =>
      deps.stripe.subscriptions.update(live.subscription.id, {
        items: [{ id: live.item.id, price, quantity: change.seats }],
        proration_behavior: 'always_invoice',
        proration_date: change.prorationDate,
      }),
    );
  } finally {
    await syncCustomerPlan(deps, live.customer);
  }
  // The provider's answer is the subscription after the change: no second reading.
  return subscriptionView(liveSubscription(deps.plans, live.customer, changed), taken);
}
