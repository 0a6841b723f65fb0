import { dailyRetry, everyMinuteRetry, type JobKind, scheduledJob } from '#api/jobs/job-queue.ts';

/**
 * One delivery to send (a `webhook_deliveries` row); the row holds the rest. A job put back for the
 * workspace's budget (delivery-budget.ts) carries the minute it reserved and the try it reserved it for.
 */
export type WebhookDeliveryOrder = { deliveryId: string; reservedMinute?: string; reservedAttempt?: number };

/**
 * The delivery job (webhooks/deliver-webhook.ts), whose id is the delivery's: added once however often
 * it is asked for (webhooks/queue-deliveries.ts). Tried again with a growing delay, from 30 s up to an
 * hour apart (30 s, 1, 2, 4 … 32 min, then hourly), 30 tries in all: about a day, after which the
 * delivery has failed and the endpoint, failing since, is turned off. A run waits at most 10 s for
 * the receiver and follows at most a few redirects, so two minutes is far more than it takes.
 */
export const webhookDeliveryJob: JobKind<WebhookDeliveryOrder> = {
  name: 'webhook-delivery',
  retry: { retryLimit: 29, retryDelay: 30, retryDelayMax: 3600 },
  expireInSeconds: 120,
  heartbeatSeconds: 10,
  // A finished job holds only a delivery's id; the delivery log is the table.
  deleteAfterSeconds: 24 * 3600,
  concurrency: 8,
  // Fair between workspaces (the job's group): one workspace's backlog runs two at a time on each
  // instance, and the other runners take the next workspace's jobs (docs/webhooks.md, "Limits, budget
  // and fairness").
  concurrencyPerGroup: 2,
};

/**
 * Every minute, on one instance: gives a job to each delivery recorded a while ago that has none (its
 * instance stopped between the commit and adding the jobs, or missed the announcement).
 */
export const webhookSweepJob = scheduledJob('webhook-sweep', '* * * * *', {
  retry: everyMinuteRetry,
  expireInSeconds: 120,
  deleteAfterSeconds: 3600,
});

/** Once a day, on one instance: deletes the deliveries older than the retention period. */
export const webhookRetentionJob = scheduledJob('webhook-delivery-retention', '41 3 * * *', {
  retry: dailyRetry,
  expireInSeconds: 1800,
  deleteAfterSeconds: 7 * 24 * 3600,
});
