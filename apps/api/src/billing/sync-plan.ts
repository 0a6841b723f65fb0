import { isPaymentFailingStatus, isPlanInForce, isTrialStatus, statusRank } from '@launchkit/plans';
import { and, eq, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { planItemOf } from '#api/plans/plan-item.ts';

/**
 * Which of a customer's subscriptions is "the plan": a live one before a lapsing one before an ended
 * one (the statuses' ranks are @launchkit/plans'); the newest among equals.
 */
export function currentSubscription(subscriptions: Stripe.Subscription[]): Stripe.Subscription | undefined {
  const rank = (subscription: Stripe.Subscription) => statusRank(subscription.status);
  return [...subscriptions].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The user's plan columns as the provider's subscription states them. */
export function planFieldsOf(subscription: Stripe.Subscription | undefined) {
  const item = planItemOf(subscription);
  if (!subscription || !item) {
    return {
      stripePriceId: null,
      stripeSubscriptionStatus: null,
      quantity: 0,
      trialEnd: null,
      currentPeriodEnd: null,
      nextPaymentAttempt: null,
    };
  }
  return {
    stripePriceId: item.price.id,
    stripeSubscriptionStatus: subscription.status,
    quantity: isPlanInForce(subscription.status) ? (item.quantity ?? 0) : 0,
    trialEnd: isTrialStatus(subscription.status) ? fromUnix(subscription.trial_end) : null,
    currentPeriodEnd: fromUnix(item.current_period_end),
    nextPaymentAttempt: isPaymentFailingStatus(subscription.status)
      ? fromUnix(latestInvoiceOf(subscription)?.next_payment_attempt)
      : null,
  };
}

/** The subscription's latest invoice when the list was read with it expanded (`data.latest_invoice`). */
const latestInvoiceOf = (subscription: Stripe.Subscription): Stripe.Invoice | undefined =>
  typeof subscription.latest_invoice === 'object' ? (subscription.latest_invoice ?? undefined) : undefined;

export type SyncResult = 'updated' | 'superseded' | 'unknown-customer';

/**
 * Writes the plan of the user who owns `customer` from the provider's current state, never from an
 * event's payload: events come twice and out of order, the provider's state is always the latest.
 *
 * Each sync takes a ticket before it reads the provider, and writes only over a plan written by an
 * older ticket. Every change at the provider is followed by an event whose sync starts (takes its
 * ticket) after the change, so the newest ticket always read the newest state, and an older reading
 * that arrives late is dropped — on any number of app instances, with no lock held during the call.
 */
export async function syncCustomerPlan(
  deps: { db: Database; stripe: Stripe },
  customer: string,
): Promise<SyncResult> {
  const [owner] = await deps.db
    .select({ id: users.id, ticket: sql<string>`nextval('plan_sync_tickets')` })
    .from(users)
    .where(eq(users.stripeCustomerId, customer));
  if (!owner) return 'unknown-customer';
  const ticket = Number(owner.ticket);
  const subscriptions = await deps.stripe.subscriptions.list({
    customer,
    status: 'all',
    limit: 100,
    // The failing renewal's next try (`next_payment_attempt`) is the invoice's, read in the same call.
    expand: ['data.latest_invoice'],
  });
  const written = await deps.db
    .update(users)
    .set({
      ...planFieldsOf(currentSubscription(subscriptions.data)),
      planSyncTicket: ticket,
      updatedAt: sql`now()`,
    })
    // Whoever holds the customer when the reading lands: a workspace's transfer moves it to the new
    // owner (team/accept-ownership.ts) with its ticket, so a reading taken before still lands there.
    .where(and(eq(users.stripeCustomerId, customer), lt(users.planSyncTicket, ticket)))
    .returning({ id: users.id });
  return written.length > 0 ? 'updated' : 'superseded';
}
