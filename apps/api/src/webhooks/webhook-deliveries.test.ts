import { type WebhookDelivery, type WebhookEventType, webhookPayloads } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { developmentDefaults } from '#api/config/production-settings.ts';
import { mails, webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { emitWorkspaceEvent } from '#api/events/emit-event.ts';
import { createJobQueue, type JobQueue } from '#api/jobs/job-queue.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { fixedPlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { jobsDueNow } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { verifyWebhook } from '#api/test/verify-webhook.ts';
import { type Received, startReceiver } from '#api/test/webhook-receiver.ts';
import { workspaceRequests } from '#api/test/workspace-requests.ts';
import { sweepUnqueuedDeliveries } from './queue-deliveries.ts';
import { webhookDeliveryJob, webhookRetentionJob, webhookSweepJob } from './webhook-delivery-job-kind.ts';

// Embedded mode: http to this machine is allowed (production's rules: webhook-targets.test.ts).
const suite = useAppWithIdentity();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
// Another process on the app's database that only orders jobs (the app's own instance runs them).
let producer: JobQueue;
beforeAll(async () => {
  receiver = await startReceiver();
  producer = createJobQueue({
    database: suite.testApp.database,
    log: pino({ level: 'silent' }),
    metrics: createMetrics(),
  });
  for (const kind of [webhookSweepJob, webhookRetentionJob]) producer.handle(kind, async () => {});
  producer.handle(webhookDeliveryJob, async () => {});
  await producer.start({ work: false });
});
afterAll(async () => {
  await producer?.stop();
  await receiver?.close();
});

// Requests as a signed-in person; `owner`: one whose user document exists.
const { call, signedUp: owner } = workspaceRequests(suite);

async function register(person: TestUser, path: string, events: string[]) {
  const response = await call('POST', '/api/webhook-endpoints', person, {
    url: `${receiver.url}${path}`,
    events,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; secret: string; url: string; events: string[] };
}

/** A refusal's status and code (its message is the action's own). */
function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ status: 'error', code });
}

const deliveriesTo = (path: string) => receiver.received.filter((delivery) => delivery.path === path);

async function received(path: string, count: number): Promise<Received[]> {
  await vi.waitFor(
    () => {
      if (deliveriesTo(path).length < count)
        throw new Error(`${deliveriesTo(path).length} of ${count} received`);
    },
    { timeout: 15_000, interval: 50 },
  );
  return deliveriesTo(path);
}

async function deliveryLog(person: TestUser, endpointId: string) {
  const response = await call('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, person);
  expect(response.statusCode).toBe(200);
  return response.json().data as WebhookDelivery[];
}

/** Waits for the newest entry of the log to match: a delivery is logged before its attempt settles. */
async function awaitNewestDelivery(
  person: TestUser,
  endpointId: string,
  expected: Partial<WebhookDelivery>,
  options?: Parameters<typeof vi.waitFor>[1],
) {
  await vi.waitFor(async () => {
    const [newest] = await deliveryLog(person, endpointId);
    expect(newest).toMatchObject(expected);
  }, options);
}

// Each test signs several people up at the identity provider: slow on a busy machine.
describe('outbound webhooks', { timeout: 60_000 }, () => {
  it('sends signed events for item changes, which verify with the documented scheme', async () => {
    const person = await owner();
    // Business: featuring is its plan's.
    await setPlan(suite.testApp.db, person.uid, onPlan('business'));
    const endpoint = await register(person, '/items', [
      'item.created',
      'item.renamed',
      'item.deleted',
      'item.featured',
      'item.unfeatured',
    ]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const created = (await call('POST', '/api/items', person, { name: 'Hooked' })).json().data;
    await call('PATCH', `/api/items/${created.id}`, person, { name: 'Hooked again' });
    await call('PATCH', `/api/items/${created.id}`, person, { name: 'Hooked again' }); // no change, no event
    await call('PATCH', `/api/items/${created.id}`, person, { featured: true });
    await call('PATCH', `/api/items/${created.id}`, person, { featured: false });
    await call('DELETE', `/api/items/${created.id}`, person);

    const deliveries = await received('/items', 5);
    const events = [];
    for (const delivery of deliveries) {
      expect(await verifyWebhook(delivery.headers, delivery.body, [endpoint.secret])).toEqual([
        endpoint.secret,
      ]);
      const event = JSON.parse(delivery.body);
      // The payload is what the contract (and so the OpenAPI document) says.
      webhookPayloads[event.type as WebhookEventType].parse(event);
      expect(delivery.headers['webhook-id']).toBe(event.id);
      expect(delivery.headers['content-type']).toBe('application/json');
      events.push(event);
    }
    // Deliveries are jobs: their order is not promised; each event comes once.
    const byType = Object.fromEntries(events.map((event) => [event.type, event]));
    // Each name says what happened, as the activity log names it.
    expect(Object.keys(byType).sort()).toEqual([
      'item.created',
      'item.deleted',
      'item.featured',
      'item.renamed',
      'item.unfeatured',
    ]);
    expect(byType['item.created']).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'item.created',
      created_at: expect.any(String),
      workspace: person.uid,
      data: { item: created },
    });
    expect(byType['item.renamed'].data).toEqual({
      item: { ...created, name: 'Hooked again' },
      previousName: 'Hooked',
    });
    expect(byType['item.featured'].data).toEqual({
      item: { ...created, name: 'Hooked again', featured: true },
    });
    expect(byType['item.unfeatured'].data).toEqual({ item: { ...created, name: 'Hooked again' } });
    expect(byType['item.deleted'].data).toEqual({ item: { id: created.id, name: 'Hooked again' } });

    // A tampered body or another secret does not verify.
    const [first] = deliveries;
    if (!first) throw new Error('no delivery');
    await expect(verifyWebhook(first.headers, `${first.body} `, [endpoint.secret])).rejects.toThrow();
    await expect(
      verifyWebhook(first.headers, first.body, [`whsec_${btoa('another secret of 24 bytes')}`]),
    ).rejects.toThrow();

    // The attempt is written once the receiver has answered.
    await vi.waitFor(async () => {
      const log = await deliveryLog(person, endpoint.id);
      expect(log).toHaveLength(5);
      for (const entry of log) {
        expect(entry).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 204, error: null });
        expect(entry.durationMs).toEqual(expect.any(Number));
      }
    });
  });

  it('sends only the events an endpoint chose, only to enabled endpoints, only of its workspace', async () => {
    const person = await owner();
    // Three endpoints: a plan's (the free one has one).
    await setPlan(suite.testApp.db, person.uid, onPlan('starter'));
    const other = await owner();
    const featured = await register(person, '/featured-only', ['item.featured']);
    const created = await register(person, '/created-only', ['item.created']);
    const off = await register(person, '/off', ['item.created']);
    await register(other, '/other', ['item.created']);
    expect(
      (await call('PATCH', `/api/webhook-endpoints/${off.id}`, person, { enabled: false })).statusCode,
    ).toBe(200);

    await call('POST', '/api/items', person, { name: 'One' });
    await received('/created-only', 1);
    expect(await deliveryLog(person, featured.id)).toEqual([]);
    expect(await deliveryLog(person, off.id)).toEqual([]);
    expect(deliveriesTo('/other')).toEqual([]);
    expect(await deliveryLog(person, created.id)).toHaveLength(1);
  });

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    const person = await owner();
    const endpoint = await register(person, '/rotation', ['item.created']);
    const rotated = await call('POST', `/api/webhook-endpoints/${endpoint.id}/secret`, person);
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json().data;
    expect(secret).not.toBe(endpoint.secret);
    const overlap = Date.parse(previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

    await call('POST', '/api/items', person, { name: 'During the overlap' });
    const [during] = await received('/rotation', 1);
    if (!during) throw new Error('no delivery');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // A receiver with either secret accepts it: the old one until it switches, the new one after.
    expect(await verifyWebhook(during.headers, during.body, [endpoint.secret])).toEqual([endpoint.secret]);
    expect(await verifyWebhook(during.headers, during.body, [secret])).toEqual([secret]);

    // The overlap is over (its time moved back rather than waited for).
    await suite.testApp.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await call('POST', '/api/items', person, { name: 'After the overlap' });
    const after = (await received('/rotation', 2))[1];
    if (!after) throw new Error('no delivery');
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(await verifyWebhook(after.headers, after.body, [secret])).toEqual([secret]);
    await expect(verifyWebhook(after.headers, after.body, [endpoint.secret])).rejects.toThrow(
      'no signature matches',
    );
  });

  it('retries a failing endpoint, logs every attempt, redelivers, and turns it off after a day of failures', async () => {
    const person = await owner();
    const admin = await owner();
    await setPlan(suite.testApp.db, person.uid, { quantity: 1 });
    await insertJoinedMember(suite.testApp.db, person, admin, 'admin');
    receiver.setAnswer((path) => (path === '/failing' ? { status: 503 } : { status: 204 }));
    // An admin registers it in the owner's workspace.
    const response = await call('POST', `/api/webhook-endpoints?workspace=${person.uid}`, admin, {
      url: `${receiver.url}/failing`,
      events: ['item.created'],
    });
    expect(response.statusCode).toBe(201);
    const failing = response.json().data as { id: string; secret: string };

    await call('POST', '/api/items', person, { name: 'Not received' });
    await received('/failing', 1);
    // Each retry is due now instead of after its backoff (30 s, 1 min, …).
    for (const attempts of [2, 3]) {
      await vi.waitFor(
        async () => {
          await jobsDueNow(suite.testApp.db, 'webhook-delivery');
          if (deliveriesTo('/failing').length < attempts) throw new Error('not tried again yet');
        },
        { timeout: 15_000, interval: 100 },
      );
    }
    const [attempted] = await vi.waitFor(async () => {
      const log = await deliveryLog(person, failing.id);
      if (log[0]?.attempts !== 3) throw new Error('attempt not logged yet');
      return log;
    });
    expect(attempted).toMatchObject({
      status: 'pending',
      attempts: 3,
      responseStatus: 503,
      error: 'The endpoint answered 503.',
    });
    const ids = new Set(deliveriesTo('/failing').map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).toBe(1); // the same event each time

    // The endpoint recovers; "Redeliver" sends the same event again, as a delivery of its own.
    receiver.setAnswer(() => ({ status: 204 }));
    const redelivered = await call(
      'POST',
      `/api/webhook-endpoints/${failing.id}/deliveries/${attempted?.id}/redelivery?workspace=${person.uid}`,
      admin,
    );
    expect(redelivered.statusCode).toBe(201);
    const [, , , again] = await received('/failing', 4);
    expect(again?.headers['webhook-id']).toBe(attempted?.eventId);
    expect(again?.body).toBe(deliveriesTo('/failing')[0]?.body);
    await awaitNewestDelivery(person, failing.id, {
      eventId: attempted?.eventId,
      status: 'succeeded',
      attempts: 1,
      responseStatus: 204,
    });
    // A success ends the run of failures.
    const [afterSuccess] = await suite.testApp.db
      .select({ failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, failing.id));
    expect(afterSuccess?.failingSince).toBeNull();

    // Failing again, since more than a day (moved back, not waited for): the next failure turns it off.
    receiver.setAnswer((path) => (path === '/failing' ? { status: 500 } : { status: 204 }));
    await suite.testApp.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, failing.id));
    await call('POST', '/api/items', person, { name: 'Fails once more' });
    await vi.waitFor(
      async () => {
        await jobsDueNow(suite.testApp.db, 'webhook-delivery');
        const [row] = await suite.testApp.db
          .select({ enabled: webhookEndpoints.enabled })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, failing.id));
        if (row?.enabled !== false) throw new Error('still enabled');
      },
      { timeout: 15_000, interval: 100 },
    );
    const list = (await call('GET', `/api/webhook-endpoints?workspace=${person.uid}`, admin)).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id: failing.id,
        enabled: false,
        disabledReason: 'Every delivery failed for a day.',
      }),
    ]);
    // The newest delivery has failed: answered 500, or found the endpoint already off (the older one,
    // still retried, may have been the failure that turned it off).
    await vi.waitFor(
      async () => {
        await jobsDueNow(suite.testApp.db, 'webhook-delivery');
        const [last] = await deliveryLog(person, failing.id);
        expect(last).toMatchObject({ eventType: 'item.created', status: 'failed' });
        expect([500, null]).toContain(last?.responseStatus);
      },
      { timeout: 15_000, interval: 100 },
    );
    const logged = (await deliveryLog(person, failing.id)).length;
    // The owner and the admin are told.
    const ordered = await suite.testApp.db
      .select({ recipient: mails.recipient })
      .from(mails)
      .where(eq(mails.template, 'webhook-endpoint-disabled'));
    expect(ordered.map((mail) => mail.recipient).sort()).toEqual(
      [person.email.toLowerCase(), admin.email.toLowerCase()].sort(),
    );

    // Off, it receives nothing; turned on again, it gets a fresh day.
    await call('POST', '/api/items', person, { name: 'While off' });
    expect(await deliveryLog(person, failing.id)).toHaveLength(logged);
    const back = await call('PATCH', `/api/webhook-endpoints/${failing.id}?workspace=${person.uid}`, admin, {
      enabled: true,
    });
    expect(back.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('records deliveries only for a change that commits, and the sweep sends those whose jobs were never added', async () => {
    const person = await owner();
    const endpoint = await register(person, '/swept', ['item.deleted']);
    const event = {
      workspace: person.uid,
      type: 'item.deleted',
      data: { item: { id: '00000000-0000-4000-8000-000000000001', name: 'Gone' } },
    } as const;

    // A change that rolls back leaves no delivery: nothing to send, nothing to sweep.
    await expect(
      suite.testApp.db.transaction(async (tx) => {
        await emitWorkspaceEvent(tx, event);
        throw new Error('the change fails after recording its event');
      }),
    ).rejects.toThrow('the change fails');
    expect(await deliveryLog(person, endpoint.id)).toEqual([]);

    // A committed delivery whose instance stopped between the commit and adding its job (so nobody
    // heard its announcement): the row as that instance left it, recorded two minutes ago.
    const payload = JSON.stringify({
      id: 'evt_left_by_a_stopped_instance',
      type: event.type,
      created_at: new Date(Date.now() - 120_000).toISOString(),
      workspace: person.uid,
      data: event.data,
    });
    const [orphan] = await suite.testApp.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        eventId: 'evt_left_by_a_stopped_instance',
        eventType: event.type,
        payload,
        createdAt: sql`now() - interval '2 minutes'`,
      })
      .returning({ id: webhookDeliveries.id });
    // One just recorded is left to its own instance for a while, and one being retried has its job.
    const [fresh] = await suite.testApp.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId: 'evt_fresh', eventType: event.type, payload })
      .returning({ id: webhookDeliveries.id });
    await suite.testApp.db.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      eventId: 'evt_retried',
      eventType: event.type,
      payload,
      attempts: 1,
      createdAt: sql`now() - interval '2 minutes'`,
    });
    // The sweep (as its every-minute job runs it; that run may come first) adds the orphan's job.
    await sweepUnqueuedDeliveries({
      jobs: producer,
      db: suite.testApp.db,
      kind: webhookDeliveryJob,
      plans: fixedPlanCatalogue(developmentDefaults.prices),
    });
    const [sent] = await received('/swept', 1);
    if (!sent) throw new Error('no delivery');
    expect(sent.headers['webhook-id']).toBe('evt_left_by_a_stopped_instance');
    expect(sent.body).toBe(payload);
    expect(await verifyWebhook(sent.headers, sent.body, [endpoint.secret])).toEqual([endpoint.secret]);
    await vi.waitFor(async () => {
      const log = await deliveryLog(person, endpoint.id);
      expect(log.find((entry) => entry.id === orphan?.id)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
      });
    });
    // Swept again (the every-minute job), nothing is added twice; the fresh one is still its instance's.
    await producer.send(webhookSweepJob, {});
    await vi.waitFor(async () => {
      const [sweep] = (
        (await suite.testApp.db.execute(
          sql`select count(*)::int as waiting from jobs.job where name = 'webhook-sweep' and state <> 'completed'`,
        )) as unknown as { rows: { waiting: number }[] }
      ).rows;
      if (sweep?.waiting !== 0) throw new Error('the sweep has not run yet');
    });
    expect(deliveriesTo('/swept')).toHaveLength(1);
    const [freshRow] = await suite.testApp.db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, fresh?.id ?? ''));
    expect(freshRow).toEqual({ status: 'pending', attempts: 0 });
    await suite.testApp.db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, fresh?.id ?? ''));
    // Both jobs run every minute (pg-boss schedules, one instance each time).
    expect(await producer.boss.getSchedules('webhook-sweep')).toMatchObject([
      { name: 'webhook-sweep', cron: '* * * * *', timezone: 'UTC' },
    ]);
  });

  it('marks a delivery failed when its last try fails, and stops trying it', async () => {
    const person = await owner();
    receiver.setAnswer((path) => (path === '/exhausted' ? { status: 503 } : { status: 204 }));
    const endpoint = await register(person, '/exhausted', ['item.created']);
    await call('POST', '/api/items', person, { name: 'Never received' });
    const [first] = await vi.waitFor(async () => {
      const log = await deliveryLog(person, endpoint.id);
      if (log[0]?.attempts !== 1) throw new Error('first attempt not logged yet');
      return log;
    });
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    // Every retry but the last spent (their delays skipped): the next run is the 30th and last try.
    // The log shows the attempt before the queue has recorded the failure: wait for the job's retry.
    await vi.waitFor(async () => {
      const updated = (await suite.testApp.db.execute(
        sql`update jobs.job set retry_count = ${webhookDeliveryJob.retry.retryLimit}, start_after = now()
            where name = ${webhookDeliveryJob.name} and id = ${first?.id ?? ''} and state = 'retry'
            returning id`,
      )) as unknown as { rows: unknown[] };
      if (updated.rows.length !== 1) throw new Error('the job is not waiting for its retry yet');
    });
    await awaitNewestDelivery(
      person,
      endpoint.id,
      {
        id: first?.id,
        status: 'failed',
        attempts: 2,
        responseStatus: 503,
        error: 'The endpoint answered 503.',
      },
      { timeout: 15_000, interval: 100 },
    );
    // The job is over, not tried again; the endpoint, failing for less than a day, stays on.
    const jobs = (await suite.testApp.db.execute(
      sql`select state from jobs.job where name = ${webhookDeliveryJob.name} and id = ${first?.id ?? ''}`,
    )) as unknown as { rows: { state: string }[] };
    expect(jobs.rows).toEqual([{ state: 'completed' }]);
    const [row] = await suite.testApp.db
      .select({ enabled: webhookEndpoints.enabled, failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.enabled).toBe(true);
    expect(row?.failingSince).toBeInstanceOf(Date);
    receiver.setAnswer(() => ({ status: 204 }));
  });

  it('sends member.joined, member.role_changed and member.left (left, or removed)', async () => {
    const team = teamKit(suite);
    const person = await team.ownerWithSeats(2);
    const endpoint = await register(person, '/members', [
      'member.joined',
      'member.left',
      'member.role_changed',
    ]);
    const first = await team.joinedMember(person);
    const second = await team.joinedMember(person);
    expect(
      (await call('DELETE', `/api/workspaces/${encodeURIComponent(person.uid)}/membership`, first.member))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/sub-users/${second.recordId}`, person, { role: 'viewer' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/sub-users/${second.recordId}`, person)).statusCode).toBe(200);

    const deliveries = await received('/members', 5);
    const events = [];
    for (const delivery of deliveries) {
      await verifyWebhook(delivery.headers, delivery.body, [endpoint.secret]);
      const event = JSON.parse(delivery.body);
      webhookPayloads[event.type as WebhookEventType].parse(event);
      events.push(event);
    }
    const memberOf = ({ member: someone, recordId }: { member: TestUser; recordId: string }) => ({
      id: recordId,
      email: someone.email.toLowerCase(),
      userId: someone.uid,
      role: 'member',
    });
    expect(events.map(({ type, workspace, data }) => ({ type, workspace, data }))).toEqual(
      expect.arrayContaining([
        { type: 'member.joined', workspace: person.uid, data: { member: memberOf(first) } },
        { type: 'member.joined', workspace: person.uid, data: { member: memberOf(second) } },
        {
          type: 'member.left',
          workspace: person.uid,
          data: { member: memberOf(first), removed: false },
        },
        {
          type: 'member.left',
          workspace: person.uid,
          data: { member: { ...memberOf(second), role: 'viewer' }, removed: true },
        },
        {
          type: 'member.role_changed',
          workspace: person.uid,
          data: { member: { ...memberOf(second), role: 'viewer' }, previousRole: 'member' },
        },
      ]),
    );
  });

  it('is for owners and admins: members, viewers and other workspaces are refused', async () => {
    const person = await owner();
    const member = await owner();
    const viewer = await owner();
    await setPlan(suite.testApp.db, person.uid, { quantity: 2 });
    await insertJoinedMember(suite.testApp.db, person, member, 'member');
    await insertJoinedMember(suite.testApp.db, person, viewer, 'viewer');
    const endpoint = await register(person, '/private', ['item.created']);
    for (const someone of [member, viewer]) {
      for (const [method, url] of [
        ['GET', `/api/webhook-endpoints?workspace=${person.uid}`],
        ['POST', `/api/webhook-endpoints/${endpoint.id}/secret?workspace=${person.uid}`],
        ['DELETE', `/api/webhook-endpoints/${endpoint.id}?workspace=${person.uid}`],
      ] as const) {
        expectRefusal(await call(method, url, someone), 403, 'workspaces/forbidden');
      }
    }
    // Refused before the address is even looked at.
    expectRefusal(
      await call('POST', `/api/webhook-endpoints?workspace=${person.uid}`, member, {
        url: 'ftp://example.com/',
        events: ['item.created'],
      }),
      403,
      'workspaces/forbidden',
    );
    const stranger = await owner();
    expectRefusal(
      await call('GET', `/api/webhook-endpoints?workspace=${person.uid}`, stranger),
      404,
      'workspaces/not-found',
    );
    // Their own workspace has no such endpoint.
    expectRefusal(
      await call('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`, stranger),
      404,
      'webhooks/endpoint-not-found',
    );
    expectRefusal(
      await call('GET', '/api/webhook-endpoints/not-a-uuid/deliveries', person),
      404,
      'webhooks/endpoint-not-found',
    );
  });

  it('refuses addresses and events it cannot use', async () => {
    const person = await owner();
    for (const url of [
      'ftp://example.com/hook',
      'http://example.com/hook',
      'https://user:pw@example.com/',
      'not a url',
    ]) {
      const response = await call('POST', '/api/webhook-endpoints', person, {
        url,
        events: ['item.created'],
      });
      expect([400], url).toContain(response.statusCode);
      expect(['webhooks/url-refused', 'validation_failed'], url).toContain(response.json().code);
    }
    expectRefusal(
      await call('POST', '/api/webhook-endpoints', person, {
        url: 'http://example.com/hook',
        events: ['item.created'],
      }),
      400,
      'webhooks/url-refused',
    );
    // item.updated: API 1.0.0's name of item.renamed, refused since 2.0.0 (decision 0043).
    for (const events of [[], ['item.exploded'], ['item.updated'], 'item.created', undefined]) {
      expectRefusal(
        await call('POST', '/api/webhook-endpoints', person, { url: `${receiver.url}/x`, events }),
        400,
        'validation_failed',
      );
    }
    expectRefusal(
      await call('POST', '/api/webhook-endpoints', person, {
        url: `${receiver.url}/x`,
        events: ['item.created'],
        extra: 1,
      }),
      400,
      'validation_failed',
    );
  });
});
