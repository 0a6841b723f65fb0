import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { ManagementApiError, type ManagementClient } from '#api/auth/management-client.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';

/** What the providers know of a deleted account, captured before its row went. */
export type ProviderDeletion = {
  uid: string;
  /** The payment provider's customer, if the person ever started a purchase. */
  customerId: string | null;
};

/**
 * The providers' part of "Delete my account" (account/delete-account.ts), ordered in the deletion's
 * transaction. A provider that is down delays it, never loses it: tried again from 30 s up to an hour
 * apart for about four days, then kept in its dead letters for the operator (docs/jobs.md).
 */
export const accountDeletionProviderJob: JobKind<ProviderDeletion> = {
  name: 'account-deletion-provider',
  retry: { retryLimit: 100, retryDelay: 30, retryDelayMax: 3600 },
  expireInSeconds: 300,
  heartbeatSeconds: 15,
  deleteAfterSeconds: 7 * 24 * 3600,
  concurrency: 2,
};

// Ended subscriptions need nothing more; any other status is one the customer could still be charged for.
const endedStatuses = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/** The provider answered that the object is not there (deleted by an earlier run, or by hand): done. */
const isGone = (error: unknown) =>
  (error instanceof Stripe.errors.StripeError && error.statusCode === 404) ||
  (error instanceof ManagementApiError && error.statusCode === 404);

async function unlessGone(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/**
 * Cancels the person's subscriptions at once (Stripe's default: no proration, no final invoice) and
 * deletes their customer, so the payment provider keeps no card and no address of theirs (its invoices
 * stay, for the books); then deletes their user at the identity provider, which ends its sessions and
 * refresh tokens. Each step is done or already was: a run after a failure, or a second run, repeats
 * nothing that matters.
 */
export async function deleteAtProviders(
  deps: { stripe: Stripe; management: ManagementClient },
  { uid, customerId }: ProviderDeletion,
): Promise<void> {
  if (customerId) {
    let subscriptions: Stripe.Subscription[] = [];
    try {
      subscriptions = (
        await deps.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })
      ).data;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    for (const subscription of subscriptions) {
      if (endedStatuses.has(subscription.status)) continue;
      await unlessGone(() =>
        deps.stripe.subscriptions.cancel(subscription.id, {
          cancellation_details: { comment: 'The customer deleted their account.' },
        }),
      );
    }
    await unlessGone(() => deps.stripe.customers.del(customerId));
  }
  await unlessGone(() => deps.management.deleteUser(uid));
}

export function handleAccountDeletionAtProviders(deps: {
  jobs: JobQueue;
  stripe: Stripe;
  management: ManagementClient;
  log: FastifyBaseLogger;
}) {
  deps.jobs.handle(accountDeletionProviderJob, async (deletion, job) => {
    await deleteAtProviders(deps, deletion);
    deps.log.info({ uid: deletion.uid, attempt: job.attempt }, 'account deletion: done at the providers');
  });
}
