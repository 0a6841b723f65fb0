import { afterAll, beforeAll, expect, vi } from 'vitest';
import { loadConfig } from '#api/config/app-config.ts';
import { resolvePlanPrices } from '#api/plans/resolve-plan-prices.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.ts';
import { holdPort, startTestPaymentsProvider, type TestPaymentsProvider } from './test-payments-provider.ts';
import { createTestUsers, type TestUser } from './test-users.ts';

/**
 * The product listening on a real port between the real identity and payment emulators: the payment
 * emulator delivers signed webhooks to the app's endpoint as Stripe would.
 */
export async function startBillingWorld(env: Record<string, string> = {}) {
  const identity: TestIdentityProvider = await startTestIdentityProvider();
  const held = await holdPort();
  const { port } = held;
  const appUrl = `http://127.0.0.1:${port}`;
  const payments: TestPaymentsProvider = await startTestPaymentsProvider({
    webhookUrl: `${appUrl}/api/stripe-webhook`,
  });
  // PORT as a deployment sets it: the site's own origins (return addresses) are then appUrl's.
  const appEnv = { PORT: String(port), ...identity.appEnv, ...payments.appEnv, ...env };
  const first: TestApp = await startTestApp(appEnv);
  let app = first;
  await held.release();
  await app.app.listen({ port, host: '127.0.0.1' });
  const newUser = createTestUsers(identity);

  async function call(user: TestUser | null, method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${appUrl}${pathname}`, {
      method,
      headers: {
        ...(user && { Authorization: `Bearer ${user.token}` }),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: a test reads each answer by the shape it expects
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  return {
    identity,
    payments,
    appUrl,
    get app() {
      return app;
    },
    call,
    /** A signed-in person with their user document created, as after their first visit. */
    async signedInUser() {
      const user = await newUser();
      const { status } = await call(user, 'GET', '/api/user');
      if (status !== 200) throw new Error(`GET /api/user answered ${status}`);
      return user;
    },
    userDocument: async (user: TestUser) => (await call(user, 'GET', '/api/user')).body.data,
    /** A signed-in person with a customer at the provider (made by starting a checkout), no subscription. */
    async customerUser() {
      const user = await this.signedInUser();
      const { status } = await call(user, 'POST', '/api/stripe-create-checkout-session', {
        priceId: 'price_pro_monthly',
        successUrl: `${appUrl}/dashboard?paid=true`,
        cancelUrl: `${appUrl}/pricing`,
      });
      if (status !== 200) throw new Error(`checkout answered ${status}`);
      const [customer] = (await payments.stripe.customers.list({ email: user.email })).data;
      if (!customer) throw new Error('no customer');
      return { user, customer: customer.id };
    },
    /**
     * The person buys `priceId` as in the browser: the product's checkout, then the provider's hosted
     * form paid with `card` (4000 0000 0000 0341 attaches, and its later charges fail), or left
     * without one (null: a trial that needs no card).
     */
    async buy(user: TestUser, priceId: string, card: string | null = '4242 4242 4242 4242') {
      const { status, body } = await call(user, 'POST', '/api/stripe-create-checkout-session', {
        priceId,
        successUrl: `${appUrl}/dashboard?paid=true`,
        cancelUrl: `${appUrl}/pricing`,
      });
      if (status !== 200) throw new Error(`checkout answered ${status}`);
      const paid = await fetch(body.data.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams({
          email: user.email,
          card_number: card ?? '',
          card_expiry: card === null ? '' : '12 / 34',
          card_cvc: card === null ? '' : '123',
          card_name: 'Ada Lovelace',
        }).toString(),
      });
      if (paid.status !== 303) throw new Error(`the hosted checkout answered ${paid.status}`);
      // From the session: a customer on a test clock is left out of customers.list, as on Stripe.
      const { customer } = await payments.stripe.checkout.sessions.retrieve(body.data.id);
      if (typeof customer !== 'string') throw new Error('no customer');
      return customer;
    },
    /** A signed-in person who bought Pro, once the provider's webhooks have made their plan active. */
    async payingUser() {
      const user = await this.signedInUser();
      const customer = await this.buy(user, 'price_pro_monthly');
      await vi.waitFor(async () => expect((await this.userDocument(user)).planIsActive).toBe(true), {
        timeout: 10_000,
      });
      return { user, customer };
    },
    /**
     * Posts an event (a string is sent as is) to the app's endpoint as the provider would, signed with
     * the provider's secret unless `secret`, at `timestamp`, or with the given `header`.
     */
    async deliverEvent(
      event: unknown,
      options: { secret?: string; timestamp?: number; header?: string } = {},
    ) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event);
      const header =
        options.header ??
        payments.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? payments.webhookSecret,
          ...(options.timestamp && { timestamp: options.timestamp }),
        });
      const response = await fetch(`${appUrl}/api/stripe-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(header && { 'Stripe-Signature': header }) },
        body: payload,
      });
      return { status: response.status, body: await response.json() };
    },
    /**
     * Stops the app and starts another on the same port and database, with `overrides` to its env. The
     * new app's prices are read from this world's provider as they are now, even when `overrides` point
     * the app at one it cannot reach (as after a provider went down once the app had started).
     */
    async restartApp(overrides: Record<string, string> = {}) {
      await app.app.close();
      const heldAgain = await holdPort(port);
      if (app !== first) await app.close();
      const env = { ...appEnv, ...overrides };
      const plans = await resolvePlanPrices(payments.stripe, loadConfig(env).priceOverrides);
      app = await startTestApp(env, { database: first.database, plans });
      await heldAgain.release();
      await app.app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      if (app !== first) await closing('the restarted app', () => app.close());
      await closing('the app and its database', () => first.close());
      await closing('the payment emulator', () => payments.close());
      await closing('the identity emulator', () => identity.close());
    },
  };
}

/**
 * Runs one step of closing a world, saying on stderr which one is still under way after 15 s: a close
 * that hangs (seen rarely on PostgreSQL) otherwise shows only as the hook's timeout.
 */
async function closing(what: string, close: () => Promise<void>) {
  const startedAt = Date.now();
  const watch = setInterval(() => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    console.error(`closing the billing world: ${what} still closing after ${seconds} s`);
  }, 15_000);
  try {
    await close();
  } finally {
    clearInterval(watch);
  }
}

export type BillingWorld = Awaited<ReturnType<typeof startBillingWorld>>;

/**
 * A billing world for the enclosing suite, started in `beforeAll` and closed in `afterAll`; the function
 * it returns gives the world to a test or a later hook.
 */
export function useBillingWorld(env: Record<string, string> = {}) {
  let world: BillingWorld | undefined;
  beforeAll(async () => {
    world = await startBillingWorld(env);
  });
  afterAll(() => world?.close());
  return () => {
    if (!world) throw new Error('the billing world is read before beforeAll');
    return world;
  };
}

/** An event of `type` about `object`, as the provider sends them. */
export const eventAbout = (type: string, object: unknown) => ({
  id: `evt_test_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});
