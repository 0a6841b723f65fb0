import type Stripe from 'stripe';
import { discountApplies } from '#payments/billing/discounts.ts';
import type { SubscriptionRecord } from '#payments/storage/payments-state.ts';

/**
 * A subscription's discount (while it applies: a `once` one leaves once used, a `repeating` one at its
 * end) and its automatic tax, as Checkout gave them (billing/discounts.ts, billing/tax.ts).
 */
export function subscriptionAdjustmentFields(subscription: SubscriptionRecord) {
  const { discount } = subscription;
  return {
    automatic_tax: subscription.automaticTax
      ? { disabled_reason: null, enabled: true, liability: { type: 'self' } }
      : { disabled_reason: null, enabled: false, liability: null },
    discounts: discount && discountApplies(discount, subscription.currentPeriodStart) ? [discount.id] : [],
  } satisfies Partial<Stripe.Subscription>;
}
