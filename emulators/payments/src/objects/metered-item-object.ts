import type Stripe from 'stripe';
import type {
  MeteredItemRecord,
  PaymentsState,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { planObject, priceObject } from './catalogue-objects.ts';

/**
 * A subscription's item of a metered price, as `items.data` and `POST /v1/subscription_items` show it:
 * no quantity (Stripe omits it for metered prices; the meter says how much).
 */
export function meteredItemObject(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  item: MeteredItemRecord,
): Stripe.SubscriptionItem {
  const price = state.prices.get(item.price);
  if (!price) throw new Error(`price ${item.price} is missing from the state`);
  return {
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: item.created,
    current_period_end: subscription.currentPeriodEnd,
    current_period_start: subscription.currentPeriodStart,
    current_trial: null,
    discounts: [],
    metadata: { ...item.metadata },
    plan: planObject(price),
    price: priceObject(price),
    subscription: subscription.id,
    tax_rates: [],
  };
}

/** The metered items of a subscription, rendered, after its plan's item. */
export const meteredItemObjects = (state: PaymentsState, subscription: SubscriptionRecord) =>
  (subscription.meteredItems ?? []).map((item) => meteredItemObject(state, subscription, item));
