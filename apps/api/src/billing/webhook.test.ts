import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { type BillingWorld, eventAbout, useBillingWorld } from '#api/test/test-billing.ts';
import type { TestUser } from '#api/test/test-users.ts';
import { syncCustomerPlan } from './sync-plan.ts';

const world = useBillingWorld();

const planColumns = async (user: TestUser) => {
  const [row] = await world()
    .app.db.select({
      stripePriceId: users.stripePriceId,
      stripeSubscriptionStatus: users.stripeSubscriptionStatus,
      quantity: users.quantity,
      trialEnd: users.trialEnd,
      currentPeriodEnd: users.currentPeriodEnd,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, user.uid));
  return row;
};

const customerUser = () => world().customerUser();

/** A subscription started at the provider (as the operator does in its dashboard), on a trial. */
const subscribeOnTrial = (customer: string, price: string, quantity: number, trialDays: number) =>
  world().payments.stripe.subscriptions.create({
    customer,
    items: [{ price, quantity }],
    trial_period_days: trialDays,
  });

/** A customer's user on a 7-day pro trial of `quantity` seats, once the webhook has written the plan. */
async function userOnProTrial(quantity: number) {
  const { user, customer } = await customerUser();
  const subscription = await subscribeOnTrial(customer, 'price_pro_monthly', quantity, 7);
  await expect.poll(async () => (await planColumns(user))?.quantity, { timeout: 10_000 }).toBe(quantity);
  return { user, customer, subscription };
}

const deliver = (event: unknown, options?: Parameters<BillingWorld['deliverEvent']>[1]) =>
  world().deliverEvent(event, options);

describe('POST /api/stripe-webhook', () => {
  it('refuses a missing, wrong or stale signature with 400 and changes nothing', async () => {
    const { user, customer } = await customerUser();
    const before = await planColumns(user);
    const forged = eventAbout('customer.subscription.updated', {
      id: 'sub_forged',
      object: 'subscription',
      customer,
      status: 'active',
    });
    const answers = [
      await deliver(forged, { header: '' }),
      await deliver(forged, { secret: 'whsec_someone_else' }),
      await deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await deliver(forged, { header: 't=1,v1=deadbeef' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error', code: 'billing/invalid-signature' });
    }
    expect(await planColumns(user)).toEqual(before);
  });

  it('writes the plan the provider reports when its own webhooks arrive', async () => {
    const { user, customer } = await customerUser();
    const subscription = await subscribeOnTrial(customer, 'price_business_monthly', 7, 14);
    await expect
      .poll(async () => (await world().userDocument(user)).stripeSubscriptionStatus, { timeout: 10_000 })
      .toBe('trialing');
    const document = await world().userDocument(user);
    expect(document).toMatchObject({
      stripePriceId: 'price_business_monthly',
      planId: 'business',
      planIsActive: true,
      quantity: 7,
      trialEnd: new Date((subscription.trial_end ?? 0) * 1000).toISOString(),
    });
  });

  it('applies the same event three times as once', async () => {
    const { user, subscription } = await userOnProTrial(5);
    const settled = await planColumns(user);
    const event = eventAbout(
      'customer.subscription.updated',
      subscription as unknown as Record<string, unknown>,
    );
    const answers = [await deliver(event), await deliver(event), await deliver(event)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const after = await planColumns(user);
    expect({ ...after, updatedAt: undefined }).toEqual({ ...settled, updatedAt: undefined });
  });

  it('ends in the provider state when an older event arrives after a newer one', async () => {
    const { user, customer } = await customerUser();
    const created = await subscribeOnTrial(customer, 'price_starter_monthly', 1, 7);
    const updated = await world().payments.stripe.subscriptions.update(created.id, {
      items: [{ id: created.items.data[0]?.id, price: 'price_business_monthly', quantity: 12 }],
    });
    await expect.poll(async () => (await planColumns(user))?.quantity, { timeout: 10_000 }).toBe(12);
    // The newer event first, then the older ones (a checkout's completion and the creation) late.
    await deliver(eventAbout('customer.subscription.updated', updated as unknown as Record<string, unknown>));
    await deliver(
      eventAbout('checkout.session.completed', { id: 'cs_late', object: 'checkout.session', customer }),
    );
    await deliver(eventAbout('customer.subscription.created', created as unknown as Record<string, unknown>));
    expect(await planColumns(user)).toMatchObject({ stripePriceId: 'price_business_monthly', quantity: 12 });
  });

  it('acknowledges events about someone else or of no interest, and bodies that are not events', async () => {
    expect(
      (await deliver(eventAbout('customer.subscription.updated', { customer: 'cus_not_ours' }))).status,
    ).toBe(200);
    expect((await deliver(eventAbout('product.created', { id: 'prod_x' }))).status).toBe(200);
    expect((await deliver({ hello: 'world' })).status).toBe(200);
    // Larger than any body the API itself accepts (32 KB), as a big invoice's event can be.
    const large = eventAbout('invoice.finalized', { id: 'in_large', lines: 'x'.repeat(200_000) });
    expect((await deliver(large)).status).toBe(200);
  });

  it.each([
    [
      'a plan event whose object names no customer',
      eventAbout('customer.subscription.updated', { id: 'sub_x' }),
    ],
    ['a customer that is a number', eventAbout('customer.subscription.updated', { customer: 42 })],
    ['a customer object without an id', eventAbout('invoice.paid', { customer: { object: 'customer' } })],
    ['a customer id holding NUL', eventAbout('invoice.paid', { customer: 'cus_\u0000x' })],
    ['a customer id holding a line break', eventAbout('invoice.paid', { customer: 'cus_a\nb' })],
    [
      'a customer id of 10 000 characters',
      eventAbout('invoice.paid', { customer: `cus_${'x'.repeat(10_000)}` }),
    ],
    ['an object that is null', { ...eventAbout('invoice.paid', {}), data: { object: null } }],
    ['no data at all', { id: 'evt_no_data', object: 'event', type: 'customer.subscription.deleted' }],
    ['a type that is not a string', { ...eventAbout('invoice.paid', { customer: 'cus_x' }), type: 7 }],
    ['no type', { id: 'evt_no_type', object: 'event', data: { object: {} } }],
    [
      'a type this product never heard of',
      eventAbout('customer.subscription.teleported', { customer: 'cus_x' }),
    ],
    ['the JSON null', null],
    ['a JSON array', [1, 2]],
    ['a body that is not JSON', 'this is not json'],
    [
      'a thin event',
      { id: 'evt_thin', object: 'v2.core.event', type: 'v1.billing.meter.error_report_triggered' },
    ],
  ])('acknowledges a signed event it does not understand (%s) with 200 ignored', async (_label, event) => {
    const answer = await deliver(event);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', data: { received: true, result: 'ignored' } });
  });

  it('applies an event whose customer comes expanded into an object', async () => {
    const { customer } = await userOnProTrial(2);
    const answer = await deliver(
      eventAbout('invoice.paid', { customer: { id: customer, object: 'customer' } }),
    );
    expect(answer.body).toEqual({ status: 'success', data: { received: true, result: 'updated' } });
  });

  it('answers 500 when the database fails while applying, so the provider delivers the event again', async () => {
    const { user, customer } = await customerUser();
    const db = world().app.db;
    await db.execute(
      sql.raw(`create function refuse_plan_writes() returns trigger language plpgsql as $$
        begin raise exception 'the database refused the write'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_plan_writes before update of quantity on users for each row
        when (new.stripe_customer_id = '${customer}') execute function refuse_plan_writes()`),
    );
    try {
      const answer = await deliver(eventAbout('customer.subscription.updated', { customer }));
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ status: 'error', code: 'internal_error' });
    } finally {
      await db.execute(sql.raw('drop trigger refuse_plan_writes on users'));
      await db.execute(sql.raw('drop function refuse_plan_writes()'));
    }
    expect((await deliver(eventAbout('customer.subscription.updated', { customer }))).status).toBe(200);
    expect(await planColumns(user)).toMatchObject({ quantity: 0, stripeSubscriptionStatus: null });
  });

  it('answers non-2xx when applying fails, and the provider retries until the state is right', async () => {
    const { user, customer } = await customerUser();
    // The app cannot reach the provider to re-read the subscription, so every delivery fails.
    await world().restartApp({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    const subscription: Stripe.Subscription = await subscribeOnTrial(customer, 'price_pro_monthly', 4, 3);
    const failedAttempt = async () => {
      const events = await world().payments.stripe.events.list({
        type: 'customer.subscription.created',
        limit: 20,
      });
      const event = events.data.find(
        (candidate) => (candidate.data.object as Stripe.Subscription).id === subscription.id,
      );
      if (!event) return undefined;
      const deliveries = (await world().payments.webhookDeliveries(event.id)).data;
      return deliveries.find((delivery) => (delivery.status ?? 0) >= 500)?.status;
    };
    await expect.poll(failedAttempt, { timeout: 15_000 }).toBe(503);
    expect((await planColumns(user))?.quantity).toBe(0);

    await world().restartApp();
    await expect.poll(async () => (await planColumns(user))?.quantity, { timeout: 20_000 }).toBe(4);
    expect(await planColumns(user)).toMatchObject({ stripeSubscriptionStatus: 'trialing' });
  });

  it('drops a reading that started before a newer one but finished after it', async () => {
    const { user, customer, subscription } = await userOnProTrial(3);
    // Every event of the creation delivered: no sync that started before the slow one is still running
    // (one could otherwise read the newer change below and write it under an older ticket).
    const stripe = world().payments.stripe;
    const undelivered = async () =>
      (await stripe.events.list({ limit: 100 })).data.filter(
        (event) =>
          (event.data.object as { customer?: unknown }).customer === customer && event.pending_webhooks > 0,
      ).length;
    await expect.poll(undelivered, { timeout: 10_000 }).toBe(0);

    // A slow delivery reads the provider now (3 seats) but answers only after a newer change is written.
    let releaseSlowReading = () => {};
    const slowReadingHeld = new Promise<void>((resolve) => {
      releaseSlowReading = resolve;
    });
    let slowReadingTaken = (_quantity: number | null | undefined) => {};
    const slowReading = new Promise<number | null | undefined>((resolve) => {
      slowReadingTaken = resolve;
    });
    const slowStripe = {
      subscriptions: {
        list: async (...args: Parameters<typeof stripe.subscriptions.list>) => {
          const reading = await stripe.subscriptions.list(...args);
          slowReadingTaken(reading.data[0]?.items.data[0]?.quantity);
          await slowReadingHeld;
          return reading;
        },
      },
    } as unknown as Stripe;
    const slowSync = syncCustomerPlan({ db: world().app.db, stripe: slowStripe }, customer);
    // The newer change only once the slow delivery has read the provider (not before: under load its
    // ticket and reading could come after the change, and then it is not the older reading any more).
    expect(await slowReading).toBe(3);

    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]?.id, quantity: 9 }],
    });
    await expect.poll(async () => (await planColumns(user))?.quantity, { timeout: 10_000 }).toBe(9);
    releaseSlowReading();
    expect(await slowSync).toBe('superseded');
    expect((await planColumns(user))?.quantity).toBe(9);
  });
});
