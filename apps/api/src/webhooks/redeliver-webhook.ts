import type { WebhookDelivery } from '@launchkit/api-contract';
import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { writtenRow } from '#api/db/written-row.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { webhookDeliveryJob } from './webhook-delivery-job-kind.ts';
import {
  toWebhookDelivery,
  webhookDeliveryColumns,
  webhookDeliveryNotFound,
  webhookEndpointNotFound,
} from './webhook-endpoint-document.ts';

/**
 * "Redeliver": the same event (its id, its body) to the same endpoint, as a new delivery of its own in
 * the log, tried like any other; the receiver recognises it by its `webhook-id`. Queued even while the
 * endpoint is off: the delivery then fails at once, saying so.
 */
export async function redeliverWebhook(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return inWorkspace(deps.db, caller, workspace, 'webhooks.manage', async (tx, { workspace: owner }) => {
    if (!isUuid(endpointId)) throw webhookEndpointNotFound();
    if (!isUuid(deliveryId)) throw webhookDeliveryNotFound();
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspace, owner)));
    if (!endpoint) throw webhookEndpointNotFound();
    const [original] = await tx
      .select({
        eventId: webhookDeliveries.eventId,
        eventType: webhookDeliveries.eventType,
        payload: webhookDeliveries.payload,
      })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!original) throw webhookDeliveryNotFound();
    const delivery = writtenRow(
      await tx
        .insert(webhookDeliveries)
        .values({ endpointId, ...original })
        .returning(webhookDeliveryColumns),
      'the webhook delivery insert',
    );
    // The job's id is the delivery's, as for every delivery: the sweep finds it has one.
    await deps.jobs.send(
      webhookDeliveryJob,
      { deliveryId: delivery.id },
      { tx, id: delivery.id, group: owner },
    );
    return toWebhookDelivery(delivery);
  });
}
