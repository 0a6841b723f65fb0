import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSession,
  eventually,
  paidCheckoutEventTypes,
  startTestPayments,
  startWebhookReceiver,
  type TestPayments,
  webhookSecret,
} from '#payments/test/test-payments.ts';
import { nextAttemptAtMs } from './webhook-dispatcher.ts';

const verifier = new Stripe('sk_test_verifier');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function world(options: { status?: (n: number) => number; env?: Record<string, string> } = {}) {
  const receiver = await startWebhookReceiver(options.status);
  cleanups.push(receiver.close);
  const payments = await startTestPayments({ STRIPE_WEBHOOK_URL: receiver.url, ...options.env });
  cleanups.push(payments.destroy);
  return { receiver, payments };
}

async function buy(payments: TestPayments) {
  const session = await createSession(payments.stripe, { customer_email: 'hooks@example.com' });
  const paid = await payments.payCheckout(session.url ?? '');
  expect(paid.status).toBe(303);
  return session;
}

describe('webhook delivery', () => {
  it('delivers signed events in order, verifiable with stripe.webhooks.constructEvent', async () => {
    const { receiver, payments } = await world();
    const session = await buy(payments);
    await eventually(() => expect(receiver.received).toHaveLength(8));
    expect(receiver.types()).toEqual(paidCheckoutEventTypes);
    for (const request of receiver.received) {
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(request.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = verifier.webhooks.constructEvent(
        request.body,
        String(request.headers['stripe-signature']),
        webhookSecret,
      );
      expect(event.object).toBe('event');
      expect(event.api_version).toBe('2026-10-28.endive');
      // Pretty-printed as Stripe sends it.
      expect(request.body).toBe(JSON.stringify(JSON.parse(request.body), null, 2));
    }
    const completed = JSON.parse(receiver.received[7]?.body ?? '{}') as Stripe.Event;
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      object: 'checkout.session',
    });
    expect(() =>
      verifier.webhooks.constructEvent(
        receiver.received[0]?.body ?? '',
        String(receiver.received[0]?.headers['stripe-signature']),
        'whsec_wrong',
      ),
    ).toThrow();

    const deliveries = await payments.deliveries(completed.id);
    expect(deliveries).toEqual([
      expect.objectContaining({
        event: completed.id,
        type: 'checkout.session.completed',
        url: receiver.url,
        status: 200,
        attempt: 1,
        next_attempt_at: null,
        delivery: 'succeeded',
      }),
    ]);
    expect(Date.parse(deliveries[0]?.at ?? '')).not.toBeNaN();
    await eventually(async () =>
      expect((await payments.stripe.events.retrieve(completed.id)).pending_webhooks).toBe(0),
    );
  });

  it('does not make the checkout wait for a slow endpoint', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.close);
    // An address that never answers: a 10 s timeout per attempt.
    const payments = await startTestPayments({ STRIPE_WEBHOOK_URL: 'http://10.255.255.1:9/hook' });
    cleanups.push(payments.destroy);
    const started = Date.now();
    await buy(payments);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('retries a failed delivery on the live schedule (doubling delays, here from 100 ms), recording every attempt', async () => {
    const { receiver, payments } = await world({
      status: (n) => (n <= 3 ? 500 : 200),
      env: { PAYMENTS_WEBHOOK_RETRY_BASE_MS: '100' },
    });
    const customer = await payments.stripe.customers.create({ email: 'retry@example.com' });
    await eventually(() => expect(receiver.received).toHaveLength(4), 8000);
    const event = (await payments.stripe.events.list({ type: 'customer.created', limit: 1 })).data[0];
    expect(event?.data.object).toMatchObject({ id: customer.id });
    const attempts = await payments.deliveries(event?.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
    const gaps = receiver.received
      .slice(1)
      .map((request, index) => request.at - (receiver.received[index]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
    expect(gaps[2]).toBeGreaterThanOrEqual(390);
    for (const attempt of attempts.slice(0, 3)) {
      expect(Date.parse(attempt.next_attempt_at ?? '') - Date.parse(attempt.at)).toBe(
        100 * 2 ** (attempt.attempt - 1),
      );
    }
    // Every attempt is signed anew and verifies.
    for (const request of receiver.received) {
      verifier.webhooks.constructEvent(
        request.body,
        String(request.headers['stripe-signature']),
        webhookSecret,
      );
    }
  });

  it('gives up after PAYMENTS_WEBHOOK_MAX_ATTEMPTS, and records network errors', async () => {
    const payments = await startTestPayments({
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:1/refused',
      PAYMENTS_WEBHOOK_MAX_ATTEMPTS: '3',
      PAYMENTS_WEBHOOK_RETRY_BASE_MS: '20',
    });
    cleanups.push(payments.destroy);
    await payments.stripe.customers.create({});
    const event = (await payments.stripe.events.list({ limit: 1 })).data[0];
    const attempts = await eventually(async () => {
      const found = await payments.deliveries(event?.id);
      expect(found.at(-1)?.delivery).toBe('failed');
      return found;
    });
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    expect(attempts.every((attempt) => attempt.status === null && attempt.error)).toBe(true);
    expect(attempts.at(-1)?.next_attempt_at).toBeNull();
  });

  it("follows Stripe's schedules: live for up to three days, sandbox three times over a few hours", () => {
    const minute = 60_000;
    const hour = 60 * minute;
    /** The attempts' times (ms after the first) of a delivery that always fails. */
    const attemptTimes = (schedule: 'live' | 'sandbox', baseMs: number) => {
      const times = [0];
      for (;;) {
        const next = nextAttemptAtMs(schedule, baseMs, times.length, 0, times.at(-1) ?? 0);
        if (next === null) return times;
        times.push(next);
      }
    };
    // Live, at the default base of 5 minutes: 5 min, 15 min, 35 min, … doubling to a day apart.
    const live = attemptTimes('live', 5 * minute);
    expect(live.slice(0, 4)).toEqual([0, 5 * minute, 15 * minute, 35 * minute]);
    expect(live.at(-1)).toBeLessThanOrEqual(72 * hour);
    expect(live.at(-1)).toBeGreaterThan(60 * hour);
    expect(Math.max(...live.slice(1).map((time, index) => time - (live[index] ?? 0)))).toBe(24 * hour);
    expect(live).toHaveLength(11);
    // A sandbox: three retries, after 5 minutes, 30 minutes and 2 hours.
    expect(attemptTimes('sandbox', 5 * minute)).toEqual([0, 5 * minute, 35 * minute, 155 * minute]);
    // PAYMENTS_WEBHOOK_RETRY_BASE_MS scales the whole schedule (tests use milliseconds).
    expect(attemptTimes('live', 10)).toEqual(live.map((time) => time / (30 * 1000)));
  });

  it('stops after the sandbox schedule when PAYMENTS_WEBHOOK_RETRY_SCHEDULE=sandbox', async () => {
    const { receiver, payments } = await world({
      status: () => 500,
      env: { PAYMENTS_WEBHOOK_RETRY_SCHEDULE: 'sandbox', PAYMENTS_WEBHOOK_RETRY_BASE_MS: '20' },
    });
    await payments.stripe.customers.create({ email: 'sandbox@example.com' });
    const event = (await payments.stripe.events.list({ limit: 1 })).data[0];
    const attempts = await eventually(async () => {
      const found = await payments.deliveries(event?.id);
      expect(found.at(-1)?.delivery).toBe('failed');
      return found;
    }, 8000);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    expect(receiver.received).toHaveLength(4);
  });
});

describe('webhook endpoints', () => {
  it('creates an endpoint whose secret signs its deliveries, lists and deletes it', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.close);
    const payments = await startTestPayments();
    cleanups.push(payments.destroy);
    const { stripe } = payments;
    const endpoint = await stripe.webhookEndpoints.create({
      url: receiver.url,
      enabled_events: ['customer.subscription.created', 'invoice.paid'],
      description: 'test endpoint',
    });
    expect(endpoint).toMatchObject({
      object: 'webhook_endpoint',
      url: receiver.url,
      status: 'enabled',
      enabled_events: ['customer.subscription.created', 'invoice.paid'],
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);

    await buy(payments);
    await eventually(() =>
      expect(receiver.types()).toEqual(['customer.subscription.created', 'invoice.paid']),
    );
    for (const request of receiver.received) {
      const event = verifier.webhooks.constructEvent(
        request.body,
        String(request.headers['stripe-signature']),
        endpoint.secret ?? '',
      );
      expect(event.type).toMatch(/^(customer\.subscription\.created|invoice\.paid)$/);
    }

    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((each) => each.id)).toEqual([endpoint.id]);
    expect(listed.data[0]).not.toHaveProperty('secret');
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toEqual({
      id: endpoint.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
    expect((await stripe.webhookEndpoints.list()).data).toEqual([]);
    await expect(stripe.webhookEndpoints.del(endpoint.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists the configured STRIPE_WEBHOOK_URL endpoint and will not delete it', async () => {
    const { payments, receiver } = await world();
    const listed = await payments.stripe.webhookEndpoints.list();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: 'we_emulator_configured', url: receiver.url, enabled_events: ['*'] }),
    ]);
    await expect(payments.stripe.webhookEndpoints.del('we_emulator_configured')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('validates endpoint parameters', async () => {
    const payments = await startTestPayments();
    cleanups.push(payments.destroy);
    await expect(
      payments.stripe.webhookEndpoints.create({ url: 'not a url', enabled_events: ['*'] }),
    ).rejects.toMatchObject({
      param: 'url',
    });
    await expect(
      payments.stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:1/x', enabled_events: [] as never }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'enabled_events' });
    await expect(
      payments.stripe.webhookEndpoints.create({
        url: 'http://127.0.0.1:1/x',
        enabled_events: ['Not An Event' as never],
      }),
    ).rejects.toMatchObject({ param: 'enabled_events[0]' });
  });
});

describe('pending retries across a restart', () => {
  it('resumes a retry that was waiting when the emulator stopped', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-resume-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let healthy = false;
    const receiver = await startWebhookReceiver(() => (healthy ? 200 : 503));
    cleanups.push(receiver.close);
    const env = { STRIPE_WEBHOOK_URL: receiver.url, PAYMENTS_WEBHOOK_RETRY_BASE_MS: '1500' };
    const first = await startTestPayments(env, dataDir);
    await first.stripe.customers.create({ email: 'resume@example.com' });
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const [pending] = await eventually(async () => {
      const found = await first.deliveries();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(pending).toMatchObject({ status: 503, delivery: 'pending' });
    await first.close();

    healthy = true;
    const second = await startTestPayments(env, dataDir);
    cleanups.push(second.close);
    await eventually(() => expect(receiver.received).toHaveLength(2), 8000);
    const attempts = await eventually(async () => {
      const found = await second.deliveries(pending?.event);
      expect(found.at(-1)?.delivery).toBe('succeeded');
      return found;
    });
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    verifier.webhooks.constructEvent(
      receiver.received[1]?.body ?? '',
      String(receiver.received[1]?.headers['stripe-signature']),
      webhookSecret,
    );
  });
});
