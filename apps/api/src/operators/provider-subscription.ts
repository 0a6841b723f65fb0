import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { callProvider } from '#api/billing/provider-errors.ts';
import { currentSubscription } from '#api/billing/sync-plan.ts';
import type { Queryable } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { operatorNotFound } from './operator-errors.ts';

/** The workspace's customer id at the payment provider (null: none yet); a workspace that is not: 404. */
export async function workspaceCustomerOf(db: Queryable, workspace: string): Promise<string | null> {
  const [owner] = await db
    .select({ customer: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, workspace));
  if (!owner) throw operatorNotFound('workspace');
  return owner.customer;
}

/**
 * The customer's subscription as the payment provider has it now (the one in force, else the latest):
 * the back office shows and changes what the provider will charge, never the product's copy.
 */
export async function providerSubscriptionOf(
  stripe: Stripe,
  log: FastifyBaseLogger,
  customer: string | null,
): Promise<Stripe.Subscription | undefined> {
  if (!customer) return undefined;
  const subscriptions = await callProvider(log, 'read the subscription', () =>
    stripe.subscriptions.list({ customer, status: 'all', limit: 20 }),
  );
  return currentSubscription(subscriptions.data);
}

export const isoOfUnix = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;
