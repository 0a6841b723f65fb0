import { and, asc, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { users, webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { webhookDeliveriesChannel } from '#api/events/delivery-announcements.ts';
import { listenAfterCommit, sweepAfterSeconds } from '#api/jobs/after-commit.ts';
import { type JobKind, type JobOrder, type JobQueue, jobExists } from '#api/jobs/job-queue.ts';
import { type PlanColumns, planColumns } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { deliveriesPerMinuteOf, reservationOf, reserveDeliveryStarts } from './delivery-budget.ts';
import type { WebhookDeliveryOrder } from './webhook-delivery-job-kind.ts';

// Ids a statement adds at most; the sweep reads as many at a time.
const batchSize = 1000;

type QueueDeps = {
  jobs: Pick<JobQueue, 'sendMany'>;
  db: Database;
  kind: JobKind<WebhookDeliveryOrder>;
  plans: PlanCatalogue;
  log: FastifyBaseLogger;
};

/**
 * Adds the delivery jobs of `deliveryIds` (the job's id is the delivery's: once however often asked),
 * each in its workspace's group, which keeps the queue fair between workspaces (webhook-delivery-job-kind.ts),
 * and with its start reserved in the workspace's budget: a start in a later minute waits until then, so a
 * flood waits off the queue's path rather than in it (delivery-budget.ts).
 */
async function addJobs(deps: Pick<QueueDeps, 'jobs' | 'kind' | 'db' | 'plans'>, deliveryIds: string[]) {
  for (let start = 0; start < deliveryIds.length; start += batchSize) {
    const rows = await deps.db
      .select({
        deliveryId: webhookDeliveries.id,
        workspace: webhookEndpoints.workspace,
        ownerPlan: planColumns,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(users, eq(users.id, webhookEndpoints.workspace))
      .where(inArray(webhookDeliveries.id, deliveryIds.slice(start, start + batchSize)))
      .orderBy(asc(webhookDeliveries.createdAt));
    const byWorkspace = new Map<string, { ownerPlan: PlanColumns; deliveryIds: string[] }>();
    for (const row of rows) {
      const workspace = byWorkspace.get(row.workspace) ?? { ownerPlan: row.ownerPlan, deliveryIds: [] };
      workspace.deliveryIds.push(row.deliveryId);
      byWorkspace.set(row.workspace, workspace);
    }
    const jobs: JobOrder<WebhookDeliveryOrder>[] = [];
    for (const [workspace, { ownerPlan, deliveryIds: ids }] of byWorkspace) {
      const perMinute = deliveriesPerMinuteOf(ownerPlan, deps.plans);
      const starts = await reserveDeliveryStarts(deps.db, workspace, perMinute, ids.length);
      ids.forEach((deliveryId, n) => {
        const reserved = starts[n];
        jobs.push({
          id: deliveryId,
          data: { deliveryId, ...(reserved && reservationOf(reserved, 1)) },
          group: workspace,
          ...(reserved && !reserved.isNow && { startAfter: reserved.minute }),
        });
      });
    }
    await deps.jobs.sendMany(deps.kind, jobs);
  }
}

/**
 * Adds the jobs of this instance's own deliveries after the commit, off the request's path
 * (jobs/after-commit.ts, decision 0038): an item write pays one statement, not pg-boss's job insert
 * (docs/webhooks.md, "Figures"). What is lost the sweep adds.
 */
export function listenForDeliveries(
  deps: QueueDeps & {
    listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
  },
) {
  return listenAfterCommit({
    channel: webhookDeliveriesChannel,
    listen: deps.listen,
    log: deps.log,
    what: 'webhooks: delivery',
    add: (deliveryIds) => addJobs(deps, deliveryIds),
    sweep: () => sweepUnqueuedDeliveries(deps, { olderThanSeconds: 0 }),
  });
}

/**
 * Adds the job of every delivery still pending, never tried and without one, recorded more than
 * `olderThanSeconds` ago (by then its own instance would have added it). Answers how many it added.
 */
export async function sweepUnqueuedDeliveries(
  deps: Pick<QueueDeps, 'jobs' | 'db' | 'kind' | 'plans'>,
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
