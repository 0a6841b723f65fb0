import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';

// Which of a customer's subscriptions is "the plan": a live one before a lapsing one before an ended
// one; the newest among equals.
const statusRank: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 1,
  incomplete: 2,
  paused: 2,
};
const endedRank = 3;
// Seats stay usable while a payment is being retried; an ended plan has none.
const seatHoldingStatuses = new Set(['active', 'trialing', 'past_due']);

export function currentSubscription(subscriptions: Stripe.Subscription[]): Stripe.Subscription | undefined {
  const rank = (subscription: Stripe.Subscription) => statusRank[subscription.status] ?? endedRank;
  return [...subscriptions].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The user's plan columns as the provider's subscription states them. */
export function planFieldsOf(subscription: Stripe.Subscription | undefined) {
  const item = subscription?.items.data[0];
  if (!subscription || !item) {
    return {
      stripePriceId: null,
      stripeSubscriptionStatus: null,
      quantity: 0,
      trialEnd: null,
      currentPeriodEnd: null,
    };
  }
  return {
    stripePriceId: item.price.id,
    stripeSubscriptionStatus: subscription.status,
    quantity: seatHoldingStatuses.has(subscription.status) ? (item.quantity ?? 0) : 0,
    trialEnd: subscription.status === 'trialing' ? fromUnix(subscription.trial_end) : null,
    currentPeriodEnd: fromUnix(item.current_period_end),
  };
}

export type SyncResult = 'updated' | 'unknown-customer';

/**
 * Writes the plan of the user who owns `customer` from the provider's current state, never from an
 * event's payload: events come twice and out of order, the provider's state is always the latest.
 * The user's row stays locked from the read to the write, so two deliveries at once (on any number
 * of app instances) cannot leave the older reading behind.
 */
export async function syncCustomerPlan(
  deps: { db: Database; stripe: Stripe },
  customer: string,
): Promise<SyncResult> {
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customer))
      .for('update');
    if (!owner) return 'unknown-customer';
    const subscriptions = await deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
    await tx
      .update(users)
      .set({ ...planFieldsOf(currentSubscription(subscriptions.data)), updatedAt: sql`now()` })
      .where(eq(users.id, owner.id));
    return 'updated';
  });
}
