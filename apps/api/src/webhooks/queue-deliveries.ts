import { randomBytes } from 'node:crypto';
import { and, asc, eq, lt, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { webhookDeliveries } from '#api/db/schema.ts';
import { type JobKind, type JobQueue, jobExists } from '#api/jobs/job-queue.ts';
import type { WebhookDeliveryOrder } from './webhook-delivery-job-kind.ts';

/**
 * The channel on which a change announces the deliveries it recorded (webhooks/emit-event.ts): a NOTIFY
 * reaches the listeners when, and only if, the change's transaction commits.
 */
export const webhookDeliveriesChannel = 'webhook_deliveries';

/**
 * Names this process in its announcements, so that the instance that recorded the deliveries, and only
 * it, adds their jobs: every instance hears every announcement.
 */
export const thisInstance = randomBytes(9).toString('base64url');

/** `<instance> <id>,<id>,…`: at most 20 endpoints a workspace, so well within NOTIFY's 8,000 bytes. */
export function parseAnnouncement(payload: string): { instance: string; deliveryIds: string[] } {
  const [instance = '', ids = ''] = payload.split(' ');
  return { instance, deliveryIds: ids.split(',').filter(Boolean) };
}

// A delivery with no job after this long lost its announcement (or its instance): the sweep adds it.
export const sweepAfterSeconds = 60;
// Ids a statement adds at most; the sweep reads as many at a time.
const batchSize = 1000;

type QueueDeps = {
  jobs: Pick<JobQueue, 'sendMany'>;
  db: Database;
  kind: JobKind<WebhookDeliveryOrder>;
  log: FastifyBaseLogger;
};

/** Adds the delivery jobs of `deliveryIds` (the job's id is the delivery's: once however often asked). */
async function addJobs(deps: Pick<QueueDeps, 'jobs' | 'kind'>, deliveryIds: string[]) {
  for (let start = 0; start < deliveryIds.length; start += batchSize) {
    const batch = deliveryIds.slice(start, start + batchSize);
    await deps.jobs.sendMany(
      deps.kind,
      batch.map((deliveryId) => ({ id: deliveryId, data: { deliveryId } })),
    );
  }
}

/**
 * Hears the announcements of committed deliveries and adds the jobs of this instance's own, after the
 * commit and off the request's path: an item write pays one statement, not pg-boss's job insert (about
 * 2 ms with its indexes and deferred checks; docs/webhooks.md, "Figures"). Announcements heard in the
 * same turn of the event loop are added in one statement. What is lost (this process stops first, the
 * listening connection drops, the insert fails) the sweep adds; when the connection comes back, at once.
 */
export function listenForDeliveries(
  deps: QueueDeps & {
    listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
  },
) {
  let pending: string[] = [];
  let isScheduled = false;
  let unlisten: Unlisten | undefined;

  function flush() {
    isScheduled = false;
    const deliveryIds = pending;
    pending = [];
    addJobs(deps, deliveryIds).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'webhooks: delivery jobs not added; the sweep adds them'),
    );
  }

  return {
    async start() {
      unlisten = await deps.listen(
        {
          [webhookDeliveriesChannel]: (payload) => {
            const { instance, deliveryIds } = parseAnnouncement(payload);
            if (instance !== thisInstance) return;
            pending.push(...deliveryIds);
            if (isScheduled) return;
            isScheduled = true;
            setImmediate(flush);
          },
        },
        {
          onResume: () => {
            sweepUnqueuedDeliveries(deps, { olderThanSeconds: 0 }).catch((error: unknown) =>
              deps.log.warn({ err: error }, 'webhooks: sweep after reconnecting failed'),
            );
          },
        },
      );
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

/**
 * Adds the job of every delivery still pending, never tried and without one, recorded more than
 * `olderThanSeconds` ago (by then its own instance would have added it). Answers how many it added.
 */
export async function sweepUnqueuedDeliveries(
  deps: Pick<QueueDeps, 'jobs' | 'db' | 'kind'>,
  { olderThanSeconds = sweepAfterSeconds }: { olderThanSeconds?: number } = {},
): Promise<number> {
  let added = 0;
  // At most a hundred batches a run: a row the queue would not take again cannot hold the sweep forever.
  for (let round = 0; round < 100; round += 1) {
    const rows = await deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, 0),
          lt(webhookDeliveries.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          not(jobExists(deps.kind, webhookDeliveries.id)),
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt))
      .limit(batchSize);
    await addJobs(
      deps,
      rows.map((row) => row.id),
    );
    added += rows.length;
    if (rows.length < batchSize) break;
  }
  return added;
}
