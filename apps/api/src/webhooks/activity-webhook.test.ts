import { webhookPayloads } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, webhookDeliveries } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { onPlan, setPlan } from '#api/test/test-users.ts';
import { verifyWebhook } from '#api/test/verify-webhook.ts';
import { startReceiver } from '#api/test/webhook-receiver.ts';
import { workspaceRequests } from '#api/test/workspace-requests.ts';

// Embedded mode: http to this machine is allowed, and the app's own instance runs the delivery jobs.
const suite = useAppWithIdentity();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

const { call, signedUp: owner } = workspaceRequests(suite);

describe('activity.recorded webhooks', { timeout: 60_000 }, () => {
  it('delivers each committed activity entry, signed, to the endpoints subscribed to it', async () => {
    const person = await owner();
    // Two endpoints: more than the free plan holds.
    await setPlan(suite.testApp.db, person.uid, onPlan('starter'));
    const registered = await call('POST', '/api/webhook-endpoints', person, {
      url: `${receiver.url}/activity`,
      events: ['activity.recorded'],
    });
    expect(registered.statusCode).toBe(201);
    const endpoint = registered.json().data as { id: string; secret: string };
    // Another endpoint of the workspace, subscribed to items only, hears no activity.
    await call('POST', '/api/webhook-endpoints', person, {
      url: `${receiver.url}/items`,
      events: ['item.created'],
    });

    const created = await call('POST', '/api/items', person, { name: '=Audited' });
    expect(created.statusCode).toBe(201);
    // A refused change (an empty name) commits nothing: no entry, no event.
    expect((await call('POST', '/api/items', person, { name: '' })).statusCode).toBe(400);

    const [delivery] = await receiver
      .waitFor(2)
      .then(() => receiver.received.filter((received) => received.path === '/activity'));
    expect(delivery).toBeDefined();
    if (!delivery) return;
    expect(await verifyWebhook(delivery.headers, delivery.body, [endpoint.secret])).toEqual([
      endpoint.secret,
    ]);
    const event = webhookPayloads['activity.recorded'].parse(JSON.parse(delivery.body));
    expect(event).toMatchObject({
      type: 'activity.recorded',
      workspace: person.uid,
      data: { entry: { action: 'item.created', subject: '=Audited', actorId: person.uid, previous: null } },
    });
    // The entry it tells of is the log's own, committed before it was sent.
    const [row] = await suite.testApp.db.select().from(activity).where(eq(activity.id, event.data.entry.id));
    expect(row).toMatchObject({ workspace: person.uid, action: 'item.created', subject: '=Audited' });
    const recorded = await suite.testApp.db
      .select({ eventType: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(recorded).toEqual([{ eventType: 'activity.recorded' }]);
    expect(receiver.received.filter((received) => received.path === '/items')).toHaveLength(1);
  });
});
