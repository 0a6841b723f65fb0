import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeOrDestroy, startedForSuite, testDataDirectory } from '@launchkit/emulator-kit/test';
import Stripe from 'stripe';
import { loadPaymentsConfig } from '#payments/config.ts';
import { advanceCustomerClock } from '#payments/customer-clock.ts';
import { startPaymentsEmulator } from '#payments/start-payments-emulator.ts';

export const secretKey = 'sk_test_payments_suite';
export const webhookSecret = 'whsec_payments_suite';
export const appOrigin = 'http://127.0.0.1:3999';

/** A monthly per-seat USD price, with a lookup key as `npm run stripe:setup` gives each. */
export const monthlyPrice = (product: string, unitAmount: number, lookupKey?: string) => ({
  product,
  currency: 'usd',
  unit_amount: unitAmount,
  recurring: { interval: 'month' as const },
  ...(lookupKey === undefined ? {} : { lookup_key: lookupKey }),
});

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely (answer.body.error.code).
export type Answer = { status: number; headers: Headers; body: any };

/** The emulator on a free port with a fresh data directory (or a given one, to test restarts). */
export async function startTestPayments(overrides: Record<string, string> = {}, existingDir?: string) {
  const dataDir = await testDataDirectory('payments-test-', existingDir);
  const config = loadPaymentsConfig({
    PAYMENTS_PORT: '0',
    PAYMENTS_HOST: '127.0.0.1',
    PAYMENTS_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_WEBHOOK_URL: 'none',
    PAYMENTS_WEBHOOK_RETRY_BASE_MS: '50',
    ...overrides,
  });
  const emulator = await startPaymentsEmulator(config, { logger: false });
  const port = Number(new URL(emulator.url).port);
  const origin = `http://127.0.0.1:${port}`;
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  /** A URL the emulator made (http://localhost:PORT/…), on the address the test server listens on. */
  const local = (url: string) => url.replace(emulator.url, origin);

  /** A raw request, for what the SDK cannot send (bad bodies, other keys, emulator endpoints). */
  async function call(
    method: string,
    pathname: string,
    options: {
      body?: string | object;
      contentType?: string;
      key?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== null) headers.Authorization = `Bearer ${options.key ?? secretKey}`;
    let body: string | undefined;
    if (typeof options.body === 'string') {
      body = options.body;
      headers['Content-Type'] = options.contentType ?? 'application/x-www-form-urlencoded';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`${origin}${pathname}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** A hosted page, as a browser gets it. */
  async function page(url: string) {
    const response = await fetch(local(url), { redirect: 'manual', headers: { Accept: 'text/html' } });
    return { status: response.status, headers: response.headers, html: await response.text() };
  }

  /** A hosted page's form post, as a browser sends it; redirects are not followed. */
  async function postForm(url: string, fields: Record<string, string>) {
    const response = await fetch(local(url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams(fields).toString(),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      html: await response.text(),
    };
  }

  /** Fills and submits the checkout form (a good card unless told otherwise). */
  const payCheckout = (url: string, card: Partial<CardFields> = {}) =>
    postForm(url, { ...goodCard, ...card } as Record<string, string>);

  return {
    config,
    dataDir,
    origin,
    stripe,
    local,
    call,
    page,
    postForm,
    payCheckout,
    /** Moves a customer's time forward with Stripe's test clocks (customer-clock.ts). */
    async advanceClock(customer: string, seconds: number) {
      const clock = await advanceCustomerClock(stripe, customer, seconds);
      return { customer, test_clock: clock.id, now: clock.frozen_time };
    },
    deliveries: async (event?: string) =>
      (await call('GET', `/emulator/webhook-deliveries${event ? `?event=${event}` : ''}`)).body
        .data as Delivery[],
    ...closeOrDestroy(() => emulator.close(), dataDir),
  };
}

export type TestPayments = Awaited<ReturnType<typeof startTestPayments>>;

/** The suite's emulator (`startTestPayments(overrides)`), started before its tests and destroyed after. */
export const useTestPayments = (overrides: Record<string, string> = {}) =>
  startedForSuite(() => startTestPayments(overrides));

/** A customer (`email`) who bought Pro (5 seats) through checkout with `card`, and their subscription. */
export async function subscribeThroughCheckout(
  payments: TestPayments,
  { email, card = '4242 4242 4242 4242', trialDays }: { email: string; card?: string; trialDays?: number },
) {
  const { stripe } = payments;
  const customer = await stripe.customers.create({ email });
  const session = await createSession(stripe, {
    customer: customer.id,
    ...(trialDays && { subscription_data: { trial_period_days: trialDays } }),
  });
  const paid = await payments.payCheckout(session.url ?? '', { card_number: card });
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  if (!subscription) throw new Error('no subscription');
  return { customer, subscription };
}

/** The events a paid subscription checkout emits, in order. */
export const paidCheckoutEventTypes = [
  'customer.created',
  'payment_method.attached',
  'customer.subscription.created',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_succeeded',
  'checkout.session.completed',
];

export type Delivery = {
  event: string;
  type: string;
  endpoint: string;
  url: string;
  status: number | null;
  error: string | null;
  attempt: number;
  at: string;
  next_attempt_at: string | null;
  delivery: string;
};

export type CardFields = {
  email: string;
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  card_name: string;
};
export const goodCard: CardFields = {
  email: 'buyer@example.com',
  card_number: '4242 4242 4242 4242',
  card_expiry: '12 / 34',
  card_cvc: '123',
  card_name: 'Ada Lovelace',
};

/** A checkout session for one plan, the way the product creates one. */
export function createSession(
  stripe: Stripe,
  params: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_pro_monthly', quantity: 5 }],
    success_url: `${appOrigin}/dashboard?session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appOrigin}/pricing`,
    ...params,
  });
}

/** A checkout of a trial that needs no card, ending as `missingPaymentMethod` says without one. */
export const createCardlessTrialSession = (
  stripe: Stripe,
  customer: string,
  trial: { days: number; missingPaymentMethod: 'cancel' | 'pause' },
) =>
  createSession(stripe, {
    customer,
    payment_method_collection: 'if_required',
    subscription_data: {
      trial_period_days: trial.days,
      trial_settings: { end_behavior: { missing_payment_method: trial.missingPaymentMethod } },
    },
  });

/** The hosted checkout's card fields left empty. */
export const noCard = { card_number: '', card_expiry: '', card_cvc: '' };

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number };

/**
 * A webhook endpoint for tests: records every request and answers with `status(n)` for the n-th
 * (1-based) request, 200 by default.
 */
export async function startWebhookReceiver(status: (n: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      response.statusCode = status(received.length);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    /** Event types received, in order of arrival. */
    types: () => received.map((each) => (JSON.parse(each.body) as { type: string }).type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` passes (or throws its last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(25);
    }
  }
}
