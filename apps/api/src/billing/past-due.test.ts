import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';
import type { TestUser } from '#api/test/test-users.ts';

// A renewal whose payment fails (docs/billing.md, "Failed payments"), driven by the payment emulator's
// test clock and its own webhooks: the plan stays in force while the provider retries, the user
// document says when the next try is, and when the provider gives up the gates apply with nothing
// deleted; buying again restores everything.

const day = 24 * 60 * 60;
const trialDays = 7;

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ STRIPE_TRIAL_DAYS: String(trialDays) });
});
afterAll(() => world?.close());

const featureItem = async (user: TestUser, name: string) => {
  const items: { id: string; name: string }[] = (await world.call(user, 'GET', '/api/items')).body.data;
  const item = items.find((each) => each.name === name);
  return world.call(user, 'PATCH', `/api/items/${item?.id}`, { featured: true });
};

/** Waits until the webhooks brought the user document to `fields`. */
async function documentBecomes(user: TestUser, fields: Record<string, unknown>) {
  await expect.poll(async () => world.userDocument(user), { timeout: 15_000 }).toMatchObject(fields);
  return world.userDocument(user);
}

describe('a renewal whose payment fails', () => {
  it('keeps the plan in force while retried, says when, applies the gates once given up, and paying again restores it', async () => {
    const user = await world.signedInUser();
    expect((await world.call(user, 'POST', '/api/items', { name: 'Quarterly report' })).status).toBe(201);
    const customer = await world.buy(user, 'price_business_monthly', '4000 0000 0000 0341');
    const trialing = await documentBecomes(user, { stripeSubscriptionStatus: 'trialing', planInForce: true });
    expect(trialing.nextPaymentAttempt).toBeNull();
    const trialEnd = Date.parse(trialing.trialEnd) / 1000;

    await world.payments.advanceClock(customer, trialDays * day + 60);
    const pastDue = await documentBecomes(user, {
      stripeSubscriptionStatus: 'past_due',
      planIsActive: false,
      planInForce: true,
      quantity: trialing.quantity,
    });
    expect(Date.parse(pastDue.nextPaymentAttempt) / 1000).toBe(trialEnd + 3 * day);
    expect((await featureItem(user, 'Quarterly report')).status).toBe(200);

    // The second try fails too: the date moves on to the third.
    await world.payments.advanceClock(customer, 3 * day);
    await expect
      .poll(async () => Date.parse((await world.userDocument(user)).nextPaymentAttempt) / 1000, {
        timeout: 15_000,
      })
      .toBe(trialEnd + 8 * day);

    // After the last try the provider cancels: the gates apply, the item and its flag stay.
    await world.payments.advanceClock(customer, 12 * day);
    await documentBecomes(user, {
      stripeSubscriptionStatus: 'canceled',
      planInForce: false,
      nextPaymentAttempt: null,
      quantity: 0,
    });
    expect((await world.call(user, 'POST', '/api/items', { name: 'Budget' })).status).toBe(201);
    const refused = await featureItem(user, 'Budget');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('plan/upgrade-required');
    expect((await world.call(user, 'GET', '/api/items')).body.data).toMatchObject([
      { name: 'Budget', featured: false },
      { name: 'Quarterly report', featured: true },
    ]);

    const subscriptions = await world.payments.stripe.subscriptions.list({ customer, status: 'all' });
    const ended = subscriptions.data[0] as Stripe.Subscription;
    expect(ended.cancellation_details?.reason).toBe('payment_failed');

    await world.buy(user, 'price_business_monthly');
    await documentBecomes(user, {
      stripeSubscriptionStatus: 'active',
      planInForce: true,
      nextPaymentAttempt: null,
    });
    expect((await featureItem(user, 'Budget')).status).toBe(200);
  });
});
