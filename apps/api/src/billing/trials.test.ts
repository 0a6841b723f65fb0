import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config/app-config.ts';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';
import type { TestUser } from '#api/test/test-users.ts';

// Trials as the operator sets them (docs/billing.md, "Trials"): days by plan, started without a card,
// and a trial that ends without one paused until a card is added — which resumes it at once. Driven
// through the real app, the payment emulator's hosted checkout, its test clock and its webhooks.

const day = 24 * 60 * 60;

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({
    STRIPE_TRIAL_DAYS: 'starter=7,pro=14',
    STRIPE_TRIAL_CARD: 'optional',
    STRIPE_TRIAL_END_WITHOUT_CARD: 'pause',
  });
});
afterAll(() => world?.close());

/** Starts a checkout for `price` and leaves the card empty on the provider's page. */
async function startTrialWithoutCard(user: TestUser, price: string) {
  const customer = await world.buy(user, price, null);
  const [session] = (await world.payments.stripe.checkout.sessions.list({ customer })).data;
  if (!session) throw new Error('no checkout session');
  return { session, customer };
}

describe('trials', () => {
  it('reads days by plan and refuses a setting it cannot read, naming it', () => {
    expect(() => loadConfig({ STRIPE_TRIAL_DAYS: 'gold=7' })).toThrow(
      /STRIPE_TRIAL_DAYS: must be a number of days/,
    );
    expect(() => loadConfig({ STRIPE_TRIAL_CARD: 'sometimes' })).toThrow(/STRIPE_TRIAL_CARD/);
    expect(loadConfig({ STRIPE_TRIAL_DAYS: 'pro=30' }).payments.offer.trialDays).toEqual({
      starter: 0,
      pro: 30,
      business: 0,
    });
  });

  it('starts each plan’s trial without a card, and none where the plan has no trial', async () => {
    const user = await world.signedInUser();
    const { session } = await startTrialWithoutCard(user, 'price_starter_monthly');
    expect(session).toMatchObject({ payment_method_collection: 'if_required' });
    const [subscription] = (
      await world.payments.stripe.subscriptions.list({ customer: String(session.customer) })
    ).data;
    expect(subscription).toMatchObject({
      status: 'trialing',
      default_payment_method: null,
      trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
    });
    expect((subscription?.trial_end ?? 0) - (subscription?.trial_start ?? 0)).toBe(7 * day);

    const business = await world.signedInUser();
    const { body } = await world.call(business, 'POST', '/api/stripe-create-checkout-session', {
      priceId: 'price_business_monthly',
      successUrl: `${world.appUrl}/dashboard?paid=true`,
      cancelUrl: `${world.appUrl}/pricing`,
    });
    const noTrial = await world.payments.stripe.checkout.sessions.retrieve(body.data.id);
    expect(noTrial.payment_method_collection).toBe('always');
  });

  it('pauses at its end without a card (the plan’s gates apply), and resumes once a card is the customer’s', async () => {
    const user = await world.signedInUser();
    const { customer } = await startTrialWithoutCard(user, 'price_pro_monthly');
    await expect
      .poll(async () => (await world.userDocument(user)).stripeSubscriptionStatus, { timeout: 10_000 })
      .toBe('trialing');

    await world.payments.advanceClock(customer, 15 * day);
    await expect
      .poll(async () => world.userDocument(user), { timeout: 15_000 })
      .toMatchObject({ stripeSubscriptionStatus: 'paused', quantity: 0, planIsActive: false });
    // A paused plan is still the customer's: no second checkout.
    const again = await world.call(user, 'POST', '/api/stripe-create-checkout-session', {
      priceId: 'price_pro_monthly',
      successUrl: `${world.appUrl}/dashboard?paid=true`,
      cancelUrl: `${world.appUrl}/pricing`,
    });
    expect(again.body.code).toBe('billing/already-subscribed');

    // The portal's card form: the card becomes the customer's and the subscription's default.
    const { stripe } = world.payments;
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer });
    const [subscription] = (await stripe.subscriptions.list({ customer, status: 'all' })).data;
    await stripe.subscriptions.update(subscription?.id ?? '', { default_payment_method: card.id });
    await expect
      .poll(async () => world.userDocument(user), { timeout: 15_000 })
      .toMatchObject({ stripeSubscriptionStatus: 'active', quantity: 5, planIsActive: true });
    const invoices = (await stripe.invoices.list({ customer })).data;
    expect(invoices[0]).toMatchObject({ status: 'paid', total: 6000 });
  });
});
