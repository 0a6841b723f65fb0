import { randomBytes } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@launchkit/api-contract';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { webhookFanOutJob } from './webhook-delivery-job-kind.ts';

/** Something that happened in a workspace, for its webhook endpoints (docs/webhooks.md, "Events"). */
export type WorkspaceEvent = {
  [Type in WebhookEventType]: { workspace: string; type: Type; data: WebhookEventData<Type> };
}[WebhookEventType];

/** The body every endpoint receives for an event: the same bytes in each delivery and redelivery of it. */
export type WebhookPayload = {
  id: string;
  type: WebhookEventType;
  created_at: string;
  workspace: string;
  data: object;
};

/**
 * Records one delivery of `event` per enabled endpoint of the workspace subscribed to its type, and one
 * job that gives each delivery its own (webhook-delivery-job-kind.ts), in the caller's transaction: the
 * deliveries exist if, and only if, the change they tell of commits. Nothing leaves here: the jobs
 * send (webhooks/deliver-webhook.ts), so a write costs one statement and, with subscribers, one job,
 * however many endpoints and however slow their servers (bench/webhooks).
 */
export async function emitWorkspaceEvent(
  deps: { jobs: Pick<JobQueue, 'send'> },
  tx: Database,
  event: WorkspaceEvent,
): Promise<void> {
  const payload: WebhookPayload = {
    id: newEventId(),
    type: event.type,
    created_at: new Date().toISOString(),
    workspace: event.workspace,
    data: event.data,
  };
  // One statement finds the subscribed endpoints and records their deliveries: a workspace without
  // any pays this one statement, one with listeners one more (their job), however many they are.
  const deliveries = await tx
    .insert(webhookDeliveries)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          endpointId: sql`${webhookEndpoints.id}`.as('endpoint_id'),
          eventId: sql`${payload.id}`.as('event_id'),
          eventType: sql`${event.type}`.as('event_type'),
          payload: sql`${JSON.stringify(payload)}`.as('payload'),
          status: sql`'pending'`.as('status'),
          attempts: sql`0`.as('attempts'),
          responseStatus: sql`null::integer`.as('response_status'),
          durationMs: sql`null::integer`.as('duration_ms'),
          error: sql`null::text`.as('error'),
          createdAt: sql`now()`.as('created_at'),
          lastAttemptAt: sql`null::timestamptz`.as('last_attempt_at'),
        })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.workspace, event.workspace),
            eq(webhookEndpoints.enabled, true),
            arrayContains(webhookEndpoints.events, [event.type]),
          ),
        ),
    )
    .returning({ id: webhookDeliveries.id });
  if (deliveries.length === 0) return;
  await deps.jobs.send(webhookFanOutJob, { deliveryIds: deliveries.map((delivery) => delivery.id) }, { tx });
}

/** `evt_` and 16 random bytes: the `webhook-id` receivers use to recognise a delivery seen before. */
const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;
