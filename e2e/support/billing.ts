import { advanceCustomerClock, customerClock } from '@launchkit/payments-emulator';
import type { APIRequestContext, Page } from '@playwright/test';
import Stripe from 'stripe';
import { expect } from '../fixtures.ts';
import { createPasswordUser, openSignedIn, userDocument } from './identity.ts';

// Helpers for the billing tests: the payment emulator through the real `stripe` SDK (the way an
// operator works in Stripe's dashboard) and its hosted Checkout page, as a buyer fills it in. Only
// Stripe's own API is used (prices by lookup key, test clocks), so they would run against a Stripe test
// account as well.

const e2ePort = Number(process.env.E2E_PORT ?? 3900);
export const paymentsOrigin = `http://localhost:${e2ePort + 2}`;
const secretKey = 'sk_test_emulator';

export const stripe = new Stripe(secretKey, { host: 'localhost', port: e2ePort + 2, protocol: 'http' });

type PlanId = 'starter' | 'pro' | 'business';

let planPrices: Promise<Map<string, string>> | undefined;

/** The plan's current price: the active one whose lookup key is the plan id, as the app finds it. */
export async function priceIdOf(plan: PlanId): Promise<string> {
  planPrices ??= stripe.prices
    .list({ lookup_keys: ['starter', 'pro', 'business'], active: true })
    .then((list) => new Map(list.data.map((price) => [price.lookup_key ?? '', price.id])));
  const id = (await planPrices).get(plan);
  if (!id) throw new Error(`no active price with the lookup key ${plan} (npm run stripe:setup)`);
  return id;
}

export const testCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0025 0000 3155',
};

/** The user's customer at the provider, made by the product when they start a checkout. */
export async function customerFor(request: APIRequestContext, accessToken: string, email: string) {
  const response = await request.post('/api/stripe-create-checkout-session', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      priceId: await priceIdOf('pro'),
      successUrl: `http://localhost:${e2ePort}/dashboard?paid=true`,
      cancelUrl: `http://localhost:${e2ePort}/pricing`,
    },
  });
  expect(response.ok(), `checkout session: ${await response.text()}`).toBeTruthy();
  const [customer] = (await stripe.customers.list({ email })).data;
  if (!customer) throw new Error(`no customer for ${email}`);
  return customer.id;
}

/**
 * Gives a user a real plan: the operator starts a trial subscription for the user's customer at the
 * provider, whose webhook writes it into the product. Waits until the product's API shows it. The
 * customer is put on a test clock first, as Stripe wants it before the subscription, so that
 * `advanceClock` can move its time later.
 */
export async function grantTrialPlan(
  request: APIRequestContext,
  user: { accessToken: string; email: string },
  plan: PlanId,
  seats: number,
  trialDays = 14,
  endWithoutCard?: 'cancel' | 'pause',
) {
  const customer = await customerFor(request, user.accessToken, user.email);
  await customerClock(stripe, customer);
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: await priceIdOf(plan), quantity: seats }],
    trial_period_days: trialDays,
    ...(endWithoutCard && { trial_settings: { end_behavior: { missing_payment_method: endWithoutCard } } }),
  });
  await expectPlanRecord(request, user.accessToken, `trialing/${seats}`);
  return { customer, subscription };
}

/**
 * Waits until the server's record of the user's plan, written by the provider's webhooks, reads
 * `expected` as `<subscription status>/<seats>` ('trialing/2').
 */
export async function expectPlanRecord(request: APIRequestContext, accessToken: string, expected: string) {
  await expect
    .poll(async () => {
      const user = await userDocument(request, accessToken);
      return `${user.stripeSubscriptionStatus}/${user.quantity}`;
    })
    .toBe(expected);
}

/** A new password user on a trial of `plan` for `seats` (grantTrialPlan), signed in on `page` at `path`. */
export async function openSignedInOnTrial(
  page: Page,
  request: APIRequestContext,
  label: string,
  path: string,
  trial: { plan: PlanId; seats: number; days?: number; endWithoutCard?: 'cancel' | 'pause' },
) {
  const user = await createPasswordUser(request, label);
  const granted = await grantTrialPlan(
    request,
    user,
    trial.plan,
    trial.seats,
    trial.days,
    trial.endWithoutCard,
  );
  await openSignedIn(page, user.accessToken, path);
  return { user, ...granted };
}

/** Moves one customer's time forward with Stripe's test clocks (trial ends, renewals happen). */
export const advanceClock = (customer: string, seconds: number) =>
  advanceCustomerClock(stripe, customer, seconds);

/** Fills the hosted Checkout page's card form and submits it. */
export async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/c/pay/`));
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name on card/i).fill('Ada Lovelace');
  await page.getByRole('button', { name: /^(Subscribe|Start trial)$/ }).click();
}

/** On the billing portal: a new card (4242…) in its card form, submitted. */
export async function updateCardInPortal(page: Page, name: string) {
  await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/p/session/`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Update card' }).click();
}

/** 'MMMM Do YYYY' of a date in UTC, as the app formats it for a browser in UTC. */
export function longDateUtc(date: Date): string {
  const day = date.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${day}${suffix} ${date.getUTCFullYear()}`;
}
