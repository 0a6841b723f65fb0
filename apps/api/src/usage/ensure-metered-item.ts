import type Stripe from 'stripe';
import type { UsageCatalogue } from './usage-meter.ts';

/** The statuses in which a subscription invoices again, so its metered item bills. */
const invoicingStatuses = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);
// A customer checked within this long is taken to carry the price still: a report costs one call, not
// three. A subscription made meanwhile gets the item at the first report after that.
const checkedForMs = 10 * 60_000;

/** Whether a subscription has an item of the metered price. */
export const hasMeteredItem = (subscription: Stripe.Subscription, priceId: string) =>
  subscription.items.data.some((item) => item.price.id === priceId);

/**
 * Adds the metered price to each of the customer's invoicing subscriptions that lacks it, as Stripe
 * documents for a subscription that exists (`POST /v1/subscription_items`, no quantity: the meter says
 * how much). No proration: usage is billed from the item's creation, in arrears. The idempotency key is
 * the subscription's and the price's, so concurrent reports add one item.
 */
export function createMeteredItems(stripe: Stripe) {
  const checked = new Map<string, number>();
  return async (customer: string, catalogue: UsageCatalogue) => {
    const now = Date.now();
    if ((checked.get(customer) ?? 0) > now) return;
    const subscriptions = await stripe.subscriptions.list({ customer, status: 'all', limit: 10 });
    for (const subscription of subscriptions.data) {
      if (!invoicingStatuses.has(subscription.status) || hasMeteredItem(subscription, catalogue.priceId)) {
        continue;
      }
      await stripe.subscriptionItems.create(
        { subscription: subscription.id, price: catalogue.priceId, proration_behavior: 'none' },
        { idempotencyKey: `metered-item-${subscription.id}-${catalogue.priceId}` },
      );
    }
    checked.set(customer, now + checkedForMs);
  };
}

export type EnsureMeteredItems = ReturnType<typeof createMeteredItems>;
