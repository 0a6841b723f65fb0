import type { JobKind } from '#api/jobs/job-queue.ts';

/** An event's deliveries, just recorded: the fan-out job sends each its own delivery job. */
export type WebhookFanOutOrder = { deliveryIds: string[] };

/**
 * The event's one job in the transaction of the change (webhooks/emit-event.ts): an item write adds one
 * job however many endpoints listen, and this job adds one delivery job per endpoint, in one statement.
 * Tried again a few times, seconds apart: it only writes to the database.
 */
export const webhookFanOutJob: JobKind<WebhookFanOutOrder> = {
  name: 'webhook-fan-out',
  retry: { retryLimit: 10, retryDelay: 5, retryDelayMax: 300 },
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
  concurrency: 4,
};

/** One delivery to send (a `webhook_deliveries` row); the row holds the rest. */
export type WebhookDeliveryOrder = { deliveryId: string };

/**
 * The delivery job (webhooks/deliver-webhook.ts): tried again with a growing delay, from 30 s up to an
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
};
