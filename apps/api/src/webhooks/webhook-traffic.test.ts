import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PlanId, planLimits } from '@launchkit/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhookDeliveryBudgets, webhookEndpoints } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { jobsDueNow } from '#api/test/test-mail.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { workspaceRequests } from '#api/test/workspace-requests.ts';
import { reserveDeliveryStarts } from './delivery-budget.ts';
import { webhookDeliveryJob } from './webhook-delivery-job-kind.ts';

// Embedded mode: http to this machine is allowed (production's rules: webhook-targets.test.ts).
const suite = useAppWithIdentity();
const { call, signedUp: owner } = workspaceRequests(suite);

/**
 * A receiver that answers 204 at once, except on a held path: those requests wait, in flight, until
 * `release`. Records the order in which requests arrive.
 */
async function startHoldingReceiver() {
  const arrived: string[] = [];
  const held: ServerResponse[] = [];
  let heldPath: string | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      arrived.push(path);
      if (path === heldPath) held.push(response);
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    hold(path: string) {
      heldPath = path;
    },
    release() {
      heldPath = undefined;
      for (const response of held.splice(0)) response.writeHead(204).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
beforeAll(async () => {
  receiver = await startHoldingReceiver();
});
afterAll(async () => {
  receiver?.release();
  await receiver?.close();
});

async function ownerOn(plan: PlanId) {
  const person = await owner();
  await setPlan(suite.testApp.db, person.uid, onPlan(plan));
  return person;
}

const register = (person: TestUser, url: string) =>
  call('POST', '/api/webhook-endpoints', person, { url, events: ['item.created'] });

async function registered(person: TestUser, url: string) {
  const response = await register(person, url);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
}

/** A delivery's job once it waits for a later minute with a reservation: its tries, and how far ahead. */
async function waitingJob(deliveryId: string) {
  return vi.waitFor(async () => {
    const { rows } = (await suite.testApp.db.execute(
      sql`select state, retry_count as "retryCount", data->>'reservedMinute' as "reservedMinute",
                 extract(epoch from date_trunc('minute', start_after) - date_trunc('minute', now()))::int / 60
                   as "minutesAhead"
          from jobs.job where name = ${webhookDeliveryJob.name} and id = ${deliveryId}`,
    )) as unknown as { rows: { state: string; reservedMinute: string | null }[] };
    const [job] = rows;
    if (job?.state !== 'created' || !job.reservedMinute) throw new Error('not waiting for its minute yet');
    return job;
  });
}

const arrivals = (path: string) => receiver.arrived.filter((arrived) => arrived === path).length;

describe('webhook traffic', { timeout: 60_000 }, () => {
  it('holds one endpoint per address in a workspace, however the address is spelled or changed', async () => {
    const person = await ownerOn('pro');
    const first = await registered(person, `${receiver.url}/same`);
    for (const spelling of [`${receiver.url}/same`, `${receiver.url}/other/../same`]) {
      const again = await register(person, spelling);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        status: 'error',
        code: 'webhooks/endpoint-exists',
        message: expect.stringContaining('has an endpoint for this address already'),
        fields: { url: expect.any(String) },
      });
    }
    // Changed to the address of another of its endpoints: refused; to its own: a change like any other.
    const second = await registered(person, `${receiver.url}/second`);
    const moved = await call('PATCH', `/api/webhook-endpoints/${second.id}`, person, {
      url: `${receiver.url}/same`,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('webhooks/endpoint-exists');
    const kept = await call('PATCH', `/api/webhook-endpoints/${first.id}`, person, {
      url: `${receiver.url}/same`,
      description: 'Still here',
    });
    expect(kept.statusCode).toBe(200);
    // Another workspace may use the same address.
    await registered(await owner(), `${receiver.url}/same`);

    // Two registrations of one new address at once: one is made, the other refused.
    const racing = await Promise.all([1, 2].map(() => register(person, `${receiver.url}/raced`)));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const rows = await suite.testApp.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, `${receiver.url}/raced`));
    expect(rows).toHaveLength(1);
  });

  it('allows the endpoints of the workspace’s plan, and says when upgrading raises that', async () => {
    const free = await owner();
    await registered(free, `${receiver.url}/free-1`);
    const refused = await register(free, `${receiver.url}/free-2`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 'error',
      code: 'webhooks/endpoint-limit',
      message:
        'This workspace’s plan allows one webhook endpoint. Remove one to add another, or upgrade the plan for more.',
    });

    // The largest plan's limit: no plan has more, so upgrading is not offered.
    const business = await ownerOn('business');
    const most = planLimits.business.webhookEndpoints;
    for (let n = 0; n < most; n += 1) await registered(business, `${receiver.url}/business-${n}`);
    const over = await register(business, `${receiver.url}/business-${most}`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `This workspace’s plan allows ${most} webhook endpoints. Remove one to add another.`,
    );
    // A lapsed plan has the free limit: the endpoints held stay, no new one is added.
    await setPlan(suite.testApp.db, business.uid, { stripeSubscriptionStatus: 'canceled' });
    const lapsed = await register(business, `${receiver.url}/lapsed`);
    expect(lapsed.json().message).toBe(refused.json().message);
  });

  it('reserves delivery starts within a minute’s budget, the rest in the minutes after, once each', async () => {
    const person = await owner();
    // One transaction: one `now()`, so the minutes are exact. One at a time, then three at once.
    const reserved = await suite.testApp.db.transaction(async (tx) => {
      const starts = [];
      for (let n = 0; n < 3; n += 1) starts.push(...(await reserveDeliveryStarts(tx, person.uid, 2)));
      starts.push(...(await reserveDeliveryStarts(tx, person.uid, 2, 3)));
      return starts;
    });
    const [first] = reserved;
    if (!first) throw new Error('no reservation');
    const offsets = reserved.map(({ minute }) => (minute.getTime() - first.minute.getTime()) / 60_000);
    expect(offsets).toEqual([0, 0, 1, 1, 2, 2]);
    expect(reserved.map(({ isNow }) => isNow)).toEqual([true, true, false, false, false, false]);

    // Many instances at once never put more than the budget in a minute.
    const other = await owner();
    const racing = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        reserveDeliveryStarts(suite.testApp.db, other.uid, 3, 1 + (n % 2)),
      ),
    );
    const perMinute = new Map<number, number>();
    for (const { minute } of racing.flat()) {
      perMinute.set(minute.getTime(), (perMinute.get(minute.getTime()) ?? 0) + 1);
    }
    expect([...perMinute.values()].every((count) => count <= 3)).toBe(true);
    expect(racing.flat()).toHaveLength(18);
  });

  it('puts a delivery over the workspace’s budget back until its minute, and sends it then', async () => {
    const person = await owner();
    const endpoint = await registered(person, `${receiver.url}/budget`);
    // This minute's budget spent already (as by earlier deliveries of any instance).
    const limit = planLimits.free.webhookDeliveriesPerMinute;
    await suite.testApp.db
      .insert(webhookDeliveryBudgets)
      .values({ workspace: person.uid, minute: sql`date_trunc('minute', now())`, reserved: limit });
    expect((await call('POST', '/api/items', person, { name: 'Over budget' })).statusCode).toBe(201);

    const [delivery] = await vi.waitFor(async () => {
      const rows = await suite.testApp.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      if (rows.length !== 1) throw new Error('not recorded yet');
      return rows;
    });
    // Its job waits for the next minute, its try unspent; nothing was sent.
    expect(await waitingJob(delivery?.id ?? '')).toMatchObject({ retryCount: 0, minutesAhead: 1 });
    expect(arrivals('/budget')).toBe(0);
    const [budget] = await suite.testApp.db
      .select({ reserved: webhookDeliveryBudgets.reserved })
      .from(webhookDeliveryBudgets)
      .where(eq(webhookDeliveryBudgets.workspace, person.uid));
    expect(budget?.reserved).toBe(1);

    // Its minute come (moved forward rather than waited for), it is sent once, on its reservation.
    await jobsDueNow(suite.testApp.db, webhookDeliveryJob.name);
    await vi.waitFor(() => expect(arrivals('/budget')).toBe(1), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => {
      const [row] = await suite.testApp.db
        .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, delivery?.id ?? ''));
      expect(row).toEqual({ status: 'succeeded', attempts: 1 });
    });

    // A delivery whose job was added without a reservation (a redelivery, a retry) reserves when it
    // runs: with the next five minutes spent, it is put back until the sixth, no try spent.
    await suite.testApp.db
      .update(webhookDeliveryBudgets)
      .set({ minute: sql`date_trunc('minute', now()) + interval '5 minutes'`, reserved: limit })
      .where(eq(webhookDeliveryBudgets.workspace, person.uid));
    const redelivered = await call(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery?.id}/redelivery`,
      person,
    );
    expect(redelivered.statusCode).toBe(201);
    const again = redelivered.json().data.id as string;
    expect(await waitingJob(again)).toMatchObject({ retryCount: 0, minutesAhead: 6 });
    expect(arrivals('/budget')).toBe(1);
    await jobsDueNow(suite.testApp.db, webhookDeliveryJob.name);
    await vi.waitFor(() => expect(arrivals('/budget')).toBe(2), { timeout: 15_000, interval: 50 });
  });

  it('is fair between workspaces: a flood in one leaves the other runners to the next workspace', async () => {
    const flooding = await ownerOn('business');
    const quiet = await owner();
    await registered(flooding, `${receiver.url}/flood`);
    await registered(quiet, `${receiver.url}/quiet`);
    // The flood's receiver holds every request it gets: whatever the queue runs of it stays running.
    receiver.hold('/flood');
    try {
      for (let n = 0; n < 30; n += 1) await call('POST', '/api/items', flooding, { name: `Flood ${n}` });
      await vi.waitFor(() => expect(arrivals('/flood')).toBeGreaterThan(0), {
        timeout: 15_000,
        interval: 50,
      });
      // Queued behind thirty: first in, first out, every runner would hold a flood delivery and the
      // quiet workspace's would wait for the flood to end.
      expect((await call('POST', '/api/items', quiet, { name: 'Quiet' })).statusCode).toBe(201);
      await vi.waitFor(() => expect(arrivals('/quiet')).toBe(1), { timeout: 8_000, interval: 50 });
      // It went ahead of the flood, of which two run at once (and are held) however many wait.
      expect(arrivals('/flood')).toBe(webhookDeliveryJob.concurrencyPerGroup);
    } finally {
      receiver.release();
    }
    // Released, the flood is delivered in full.
    await vi.waitFor(() => expect(arrivals('/flood')).toBeGreaterThanOrEqual(30), {
      timeout: 30_000,
      interval: 100,
    });
  });
});
