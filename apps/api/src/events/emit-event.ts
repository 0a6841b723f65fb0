import { randomBytes } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@launchkit/api-contract';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { thisInstance } from '#api/db/this-instance.ts';
import { currentTraceCarrier } from '#api/tracing/trace-context.ts';
import { webhookDeliveriesChannel } from './delivery-announcements.ts';

/** An event's type and data, as the webhook endpoints receive them (docs/webhooks.md, "Events"). */
export type OutboundEvent = {
  [Type in WebhookEventType]: { type: Type; data: WebhookEventData<Type> };
}[WebhookEventType];

/** Something that happened in a workspace, for its webhook endpoints. */
export type WorkspaceEvent = OutboundEvent & { workspace: string };

/** The body every endpoint receives for an event: the same bytes in each delivery and redelivery of it. */
export type WebhookPayload = {
  id: string;
  type: WebhookEventType;
  created_at: string;
  workspace: string;
  data: object;
};

/**
 * Records one delivery of `event` per enabled endpoint of the workspace subscribed to its type, in the
 * caller's transaction, and announces them (NOTIFY, heard after the commit): the deliveries exist if,
 * and only if, the change they tell of commits. Nothing leaves here, not even a job: this instance adds
 * the delivery jobs once it hears the announcement, the sweep if it never does (webhooks/queue-deliveries.ts).
 * So a write costs one statement however many endpoints and however slow their servers (bench/webhooks).
 */
export async function emitWorkspaceEvent(tx: Queryable, event: WorkspaceEvent): Promise<void> {
  const payload: WebhookPayload = {
    id: newEventId(),
    type: event.type,
    created_at: new Date().toISOString(),
    workspace: event.workspace,
    data: event.data,
  };
  // One statement finds the subscribed endpoints, records their deliveries and announces them, whether
  // the workspace has none or twenty. The NOTIFY costs the commit little: the items trigger and the
  // access triggers notify in the same transactions already.
  const recorded = tx
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
  // A traced change names its trace after the ids (jobs/after-commit.ts): the delivery jobs continue it.
  const traceparent = currentTraceCarrier()?.traceparent;
  const trace = traceparent ? sql` || ${` ${traceparent}`}` : sql``;
  await tx.execute(
    sql`with recorded as (${recorded.getSQL()})
      select pg_notify(${webhookDeliveriesChannel}, ${`${thisInstance} `} || string_agg(id::text, ',')${trace})
      from recorded having count(*) > 0`,
  );
}

/** `evt_` and 16 random bytes: the `webhook-id` receivers use to recognise a delivery seen before. */
const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;
