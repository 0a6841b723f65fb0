import type { Subscription } from '@launchkit/api-contract';
import { isPlanInForce } from '@launchkit/plans';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database, Queryable } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { planItemOf } from '#api/plans/plan-item.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { callProvider } from './provider-errors.ts';
import { currentSubscription } from './sync-plan.ts';

export type SubscriptionDeps = { db: Database; stripe: Stripe; plans: PlanCatalogue };

const noPlan = () =>
  new AppError(409, 'billing/no-plan', 'You have no plan to change yet. Choose a plan on the pricing page.');

/**
 * The user's subscription in force at the provider (active, trialing or past due) with its one item,
 * read from the provider rather than the stored plan: a change is made against what it will charge.
 */
export async function liveSubscriptionOf(deps: SubscriptionDeps, log: FastifyBaseLogger, user: UserRow) {
  const customer = user.stripeCustomerId;
  if (!customer) throw noPlan();
  const subscriptions = await callProvider(log, 'read your plan', () =>
    deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
  );
  return liveSubscription(deps.plans, customer, currentSubscription(subscriptions.data));
}

/** A subscription of the customer's as the plan in force, or billing/no-plan when it is none. */
export function liveSubscription(
  plans: PlanCatalogue,
  customer: string,
  subscription: Stripe.Subscription | undefined,
) {
  const item = planItemOf(subscription);
  if (!subscription || !item || !isPlanInForce(subscription.status)) throw noPlan();
  const plan = plans.planByPriceId.get(item.price.id);
  if (!plan) throw noPlan();
  return { customer, subscription, item, plan };
}

/** The seats a plan must keep: its members and open invitations (the owner holds none). */
export async function seatsInUse(db: Queryable, owner: string): Promise<number> {
  const [row] = await db.select({ taken: count() }).from(subUsers).where(eq(subUsers.owner, owner));
  return row?.taken ?? 0;
}

/** The subscription as Settings → Plan shows it. */
export function subscriptionView(live: ReturnType<typeof liveSubscription>, taken: number): Subscription {
  const { subscription, item, plan } = live;
  return {
    plan,
    period: item.price.recurring?.interval === 'year' ? 'year' : 'month',
    seats: item.quantity ?? 0,
    seatsInUse: taken,
    unitAmount: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    status: subscription.status,
    currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
