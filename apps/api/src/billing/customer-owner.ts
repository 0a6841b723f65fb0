import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';

/** A customer at the payment provider whose workspace changed hands (team/accept-ownership.ts). */
export type CustomerOwnerChange = { customerId: string };

/**
 * Tells the payment provider who the customer is now, ordered in the transaction of the transfer. A
 * provider that is down delays it, never loses it: tried again from 30 s up to an hour apart for about
 * four days (docs/jobs.md).
 */
export const customerOwnerJob: JobKind<CustomerOwnerChange> = {
  name: 'billing-customer-owner',
  retry: { retryLimit: 100, retryDelay: 30, retryDelayMax: 3600 },
  expireInSeconds: 120,
  deleteAfterSeconds: 7 * 24 * 3600,
  concurrency: 2,
};

// Subscriptions in these statuses are over: their records stay as they were.
const endedStatuses = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/**
 * Writes the customer's holder as the product knows them when the job runs (not when it was ordered, so
 * two transfers in a row end with the last one's owner whatever order their jobs run in): the
 * customer's email (where the provider sends receipts) and name, and `metadata.uid` on the customer and
 * its live subscriptions, as a purchase writes them (billing/create-checkout-session.ts). A customer
 * nobody holds any more (its account deleted since) is left to the deletion's own job.
 */
export async function renameCustomer(
  deps: { db: Database; stripe: Stripe },
  { customerId }: CustomerOwnerChange,
): Promise<'renamed' | 'no-holder'> {
  const [holder] = await deps.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.stripeCustomerId, customerId));
  if (!holder) return 'no-holder';
  await deps.stripe.customers.update(customerId, {
    email: holder.email,
    ...(holder.name && { name: holder.name }),
    metadata: { uid: holder.id },
  });
  const subscriptions = await deps.stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
  });
  for (const subscription of subscriptions.data) {
    if (endedStatuses.has(subscription.status) || subscription.metadata.uid === holder.id) continue;
    await deps.stripe.subscriptions.update(subscription.id, { metadata: { uid: holder.id } });
  }
  return 'renamed';
}

export function handleCustomerOwnerJobs(deps: {
  jobs: JobQueue;
  db: Database;
  stripe: Stripe;
  log: FastifyBaseLogger;
}) {
  deps.jobs.handle(customerOwnerJob, async (change, job) => {
    const result = await renameCustomer(deps, change);
    deps.log.info(
      { customerId: change.customerId, result, attempt: job.attempt },
      'billing: customer holder written',
    );
  });
}
