import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { subUsers, users, webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { planColumns } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { deleteExpiredDeliveries } from './delete-expired-deliveries.ts';
import { type BudgetDeps, mayStartNow } from './delivery-budget.ts';
import { type Attempt, postWebhook } from './post-webhook.ts';
import { listenForDeliveries, sweepUnqueuedDeliveries } from './queue-deliveries.ts';
import {
  type WebhookDeliveryOrder,
  webhookDeliveryJob,
  webhookRetentionJob,
  webhookSweepJob,
} from './webhook-delivery-job-kind.ts';
import { signWebhook } from './webhook-signature.ts';
import type { TargetPolicy } from './webhook-targets.ts';

// An endpoint that has failed every delivery for this long is turned off (decision 0035): about the
// time one delivery's retries take, so a receiver down for a day loses nothing it could not redeliver.
export const disableAfterFailingMs = 24 * 3600 * 1000;

type DeliveryDeps = {
  jobs: Pick<JobQueue, 'handle' | 'send' | 'sendMany'>;
  db: Database;
  targets: TargetPolicy;
  plans: PlanCatalogue;
  /** How long an endpoint fails before it is turned off. */
  disableAfterMs?: number;
};

/**
 * The delivery job and the failing time that turns an endpoint off, for a "day" of `daySeconds`: the
 * real ones for a real day, the same schedule compressed for the browser tests (WEBHOOK_TEST_DAY_SECONDS,
 * embedded mode only), where retries come seconds apart and a minute of failures can be a day.
 */
export function deliverySchedule(daySeconds?: number): {
  kind: JobKind<WebhookDeliveryOrder>;
  disableAfterMs: number;
} {
  if (daySeconds === undefined) return { kind: webhookDeliveryJob, disableAfterMs: disableAfterFailingMs };
  const scale = daySeconds / (24 * 3600);
  const { retry } = webhookDeliveryJob;
  return {
    kind: {
      ...webhookDeliveryJob,
      retry: {
        retryLimit: retry.retryLimit,
        retryDelay: Math.max(1, Math.round(retry.retryDelay * scale)),
        retryDelayMax: Math.max(1, Math.round(retry.retryDelayMax * scale)),
      },
    },
    disableAfterMs: daySeconds * 1000,
  };
}

/**
 * Runs the delivery jobs, the sweep and the retention job (docs/webhooks.md, "Deliveries"), and, from
 * `start`, hears the deliveries this instance records to add their jobs (queue-deliveries.ts).
 */
export function handleWebhookDeliveries(
  deps: DeliveryDeps & {
    listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
    log: FastifyBaseLogger;
    /** Deliveries older than this many days are deleted (WEBHOOK_DELIVERY_RETENTION_DAYS). */
    retentionDays: number;
    /** A compressed day for the browser tests (deliverySchedule); unset: a day. */
    daySeconds?: number;
  },
) {
  const { kind, disableAfterMs } = deliverySchedule(deps.daySeconds);
  const attemptDeps = { ...deps, disableAfterMs, kind };
  deps.jobs.handle(kind, async (order, job) => {
    const isLastTry = job.attempt > kind.retry.retryLimit;
    const outcome = await deliverWebhook(attemptDeps, order, { ...job, isLastTry });
    // Thrown, the job is tried again with backoff; the attempt is in the log already.
    if (outcome === 'retry')
      throw new Error(`webhook delivery ${order.deliveryId} failed; tried again later`);
  });
  deps.jobs.handle(webhookSweepJob, async () => {
    const added = await sweepUnqueuedDeliveries({ ...deps, kind });
    if (added > 0) deps.log.warn({ added }, 'webhooks: deliveries without a job found and queued');
  });
  deps.jobs.handle(webhookRetentionJob, async () => {
    const deleted = await deleteExpiredDeliveries(deps.db, deps.retentionDays);
    deps.log.info({ deleted }, 'webhooks: deliveries past their retention deleted');
  });
  return listenForDeliveries({ ...deps, kind });
}

/**
 * One attempt of one delivery: signs the payload with the endpoint's secret (and the one a rotation
 * replaced, while it overlaps), posts it, and writes the attempt on the delivery's row. A delivery no
 * longer pending (a run repeated after its instance died) or whose endpoint is gone does nothing; one
 * over its workspace's budget waits for its minute (delivery-budget.ts). After a failure the endpoint
 * is turned off, and its admins mailed, once it has failed for a day.
 */
export async function deliverWebhook(
  deps: Pick<DeliveryDeps, 'db' | 'jobs' | 'targets' | 'disableAfterMs'> & BudgetDeps,
  order: WebhookDeliveryOrder,
  run: { id: string; attempt: number; isLastTry: boolean },
): Promise<'done' | 'retry' | 'postponed'> {
  const { deliveryId } = order;
  const [row] = await deps.db
    .select({
      status: webhookDeliveries.status,
      eventId: webhookDeliveries.eventId,
      payload: webhookDeliveries.payload,
      endpointId: webhookEndpoints.id,
      workspace: webhookEndpoints.workspace,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      ownerPlan: planColumns,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(users, eq(users.id, webhookEndpoints.workspace))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.status !== 'pending') return 'done';
  if (!row.enabled) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The endpoint is turned off.' })
      .where(eq(webhookDeliveries.id, deliveryId));
    return 'done';
  }
  if (!(await mayStartNow(deps, order, run, row))) return 'postponed';
  const now = new Date();
  const secrets = [row.secret];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(row.previousSecret);
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  const attempt = await postWebhook(
    row.url,
    {
      body: row.payload,
      headers: {
        'webhook-id': row.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook({ id: row.eventId, timestamp, body: row.payload }, secrets),
      },
    },
    deps.targets,
  );
  return recordAttempt(deps, { ...row, deliveryId }, attempt, run);
}

async function recordAttempt(
  deps: Pick<DeliveryDeps, 'db' | 'jobs' | 'disableAfterMs'>,
  delivery: { deliveryId: string; endpointId: string; workspace: string; url: string },
  attempt: Attempt,
  options: { isLastTry: boolean },
): Promise<'done' | 'retry'> {
  return deps.db.transaction(async (tx) => {
    const logAttempt = (status: 'pending' | 'succeeded' | 'failed') =>
      tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          error: attempt.error,
          lastAttemptAt: sql`now()`,
        })
        .where(eq(webhookDeliveries.id, delivery.deliveryId));
    if (attempt.isSuccess) {
      // Only an endpoint that was failing is written: a success among many leaves its row alone, which
      // every event of the workspace reads (emit-event.ts).
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, delivery.endpointId), isNotNull(webhookEndpoints.failingSince)));
      await logAttempt('succeeded');
      return 'done';
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
    const failingSince = endpoint?.failingSince ?? null;
    const hasFailedLongEnough =
      failingSince !== null &&
      Date.now() - failingSince.getTime() >= (deps.disableAfterMs ?? disableAfterFailingMs);
    const isOver = options.isLastTry || hasFailedLongEnough;
    await logAttempt(isOver ? 'failed' : 'pending');
    if (hasFailedLongEnough && endpoint?.enabled && failingSince) {
      await disableEndpoint(deps, tx, { ...delivery, failingSince, lastError: attempt.error ?? '' });
    }
    return isOver ? 'done' : 'retry';
  });
}

/** Turns the endpoint off and mails the workspace's owner and admins, once per run of failures. */
async function disableEndpoint(
  deps: Pick<DeliveryDeps, 'jobs'>,
  tx: Database,
  endpoint: { endpointId: string; workspace: string; url: string; failingSince: Date; lastError: string },
) {
  await tx
    .update(webhookEndpoints)
    .set({
      enabled: false,
      disabledReason: 'Every delivery failed for a day.',
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, endpoint.endpointId));
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, endpoint.workspace));
  const admins = await tx
    .select({ email: subUsers.email })
    .from(subUsers)
    .where(
      and(eq(subUsers.owner, endpoint.workspace), eq(subUsers.role, 'admin'), isNotNull(subUsers.joinedAt)),
    );
  const recipients = new Set([owner?.email, ...admins.map((admin) => admin.email)].filter(Boolean));
  for (const to of recipients) {
    if (!to) continue;
    await queueMail(deps.jobs, tx, {
      key: `webhook-endpoint-disabled:${endpoint.endpointId}:${endpoint.failingSince.toISOString()}:${to}`,
      to,
      template: 'webhook-endpoint-disabled',
      props: { url: endpoint.url, lastError: endpoint.lastError },
    });
  }
}
