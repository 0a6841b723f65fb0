import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import type { EnsureMeteredItems } from './ensure-metered-item.ts';
import { itemsCreatedMeter, type UsageCatalogueSource } from './usage-meter.ts';

/** One item created, to report: whose customer, which item, when (Unix seconds). */
export type UsageReport = { customer: string; item: string; timestamp: number };

/**
 * Reports usage to the provider's meter (docs/usage-billing.md). Retried for about a day: the provider's
 * identifier window is 24 hours and its timestamps may be 35 days old, so a report that waits out an
 * outage still counts once. Fair between workspaces: one workspace's burst of items does not hold up
 * another's reports.
 */
export const reportUsageJob: JobKind<UsageReport> = {
  name: 'usage-report',
  retry: { retryLimit: 12, retryDelay: 30, retryDelayMax: 3 * 3600 },
  expireInSeconds: 120,
  deleteAfterSeconds: 24 * 3600,
  concurrency: 8,
  concurrencyPerGroup: 4,
};

/** The meter event's identifier: the item's, so every run of the job is the same event to Stripe. */
export const meterEventIdentifier = (item: string) => `item-${item}`;

/** Stripe's answer for an event it will never take however often it is sent (too old, say). */
const isPermanentRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.code === 'timestamp_too_far_in_past' || error.param === 'identifier');

/**
 * Runs the usage reports: the customer's subscriptions carry the metered price, then one meter event
 * per item, value 1, with the item's identifier and creation time. The SDK's idempotency key is the
 * identifier too, so a retried request answers as the first one did; an identifier Stripe has seen
 * (a run that died after Stripe took the event) or a timestamp past its window ends the job, logged.
 */
export function handleUsageReports(deps: {
  jobs: Pick<JobQueue, 'handle'>;
  stripe: Stripe;
  catalogue: UsageCatalogueSource;
  ensureMeteredItems: EnsureMeteredItems;
  log: FastifyBaseLogger;
}) {
  deps.jobs.handle(reportUsageJob, async (report) => {
    const catalogue = await deps.catalogue();
    await deps.ensureMeteredItems(report.customer, catalogue);
    const identifier = meterEventIdentifier(report.item);
    try {
      await deps.stripe.billing.meterEvents.create(
        {
          event_name: itemsCreatedMeter.eventName,
          payload: { stripe_customer_id: report.customer, value: '1' },
          identifier,
          timestamp: report.timestamp,
        },
        { idempotencyKey: `meter-event-${identifier}` },
      );
    } catch (error) {
      if (!isPermanentRefusal(error)) throw error;
      deps.log.warn({ err: error, identifier }, 'usage: the provider refused a meter event for good');
    }
  });
}
