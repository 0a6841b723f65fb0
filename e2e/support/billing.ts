import type { APIRequestContext, Page } from '@playwright/test';
import Stripe from 'stripe';
import { expect } from '../fixtures.ts';

// Helpers for the billing tests: the payment emulator through the real `stripe` SDK (the way an
// operator works in Stripe's dashboard) and its hosted Checkout page, as a buyer fills it in.

const e2ePort = Number(process.env.E2E_PORT ?? 3900);
export const paymentsOrigin = `http://localhost:${e2ePort + 2}`;
const secretKey = 'sk_test_emulator';

export const stripe = new Stripe(secretKey, { host: 'localhost', port: e2ePort + 2, protocol: 'http' });

export const priceIds = {
  starter: 'price_starter_monthly',
  pro: 'price_pro_monthly',
  business: 'price_business_monthly',
} as const;

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
      priceId: priceIds.pro,
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
 * provider, whose webhook writes it into the product. Waits until the product's API shows it.
 */
export async function grantTrialPlan(
  request: APIRequestContext,
  user: { accessToken: string; email: string },
  plan: keyof typeof priceIds,
  seats: number,
  trialDays = 14,
) {
  const customer = await customerFor(request, user.accessToken, user.email);
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: priceIds[plan], quantity: seats }],
    trial_period_days: trialDays,
  });
  await expect
    .poll(async () => {
      const response = await request.get('/api/user', {
        headers: { Authorization: `Bearer ${user.accessToken}` },
      });
      const { data } = await response.json();
      return `${data.stripeSubscriptionStatus}/${data.quantity}`;
    })
    .toBe(`trialing/${seats}`);
  return { customer, subscription };
}

/** Advances one customer's clock at the emulator (trial ends, renewals happen). */
export async function advanceClock(request: APIRequestContext, customer: string, seconds: number) {
  const response = await request.post(`${paymentsOrigin}/emulator/clock/advance`, {
    headers: { Authorization: `Bearer ${secretKey}` },
    data: { customer, seconds },
  });
  expect(response.ok(), `advance clock: ${await response.text()}`).toBeTruthy();
}

/** Fills the hosted Checkout page's card form and submits it. */
export async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/c/pay/`));
  await page.getByLabel(/card number/i).fill(card);
  await page.getByLabel(/expir/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name on card/i).fill('Ada Lovelace');
  await page.getByRole('button', { name: /^(Subscribe|Start trial)$/ }).click();
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
