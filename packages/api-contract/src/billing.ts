import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok, providerErrors, workspaceErrors } from './endpoint-parts.ts';
import { text } from './fields.ts';
import { planId } from './plans.ts';
import { workspaceQuery } from './team.ts';

/** An absolute http(s) address; whether it is on this site the API checks against its configuration. */
export const returnAddress = (label: string) =>
  text({
    label,
    max: 2000,
    notText: `Please give the ${label}.`,
    tooLong: `The ${label} is too long.`,
  }).refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: `The ${label} must be an absolute http(s) address.`,
  });

export const checkoutRequest = z
  .strictObject({
    priceId: text({
      label: 'plan id',
      max: 255,
      required: 'Please choose a plan.',
      notText: 'Please choose a plan.',
      tooLong: 'This plan is not available.',
    }),
    successUrl: returnAddress('address to return to after paying'),
    cancelUrl: returnAddress('address to return to when cancelling'),
  })
  .meta({ id: 'CheckoutRequest' });

export const billingSessionRequest = z
  .strictObject({ returnUrl: returnAddress('address to return to') })
  .meta({ id: 'BillingSessionRequest' });

/** A plan of the catalogue with this deployment's price id (what /purchase/:plan sends to checkout). */
export const plan = z
  .object({
    id: planId,
    name: z.string(),
    unitAmount: z.int().describe('Price per seat per month, in cents (USD).'),
    yearlyUnitAmount: z.int().describe('Price per seat per year, billed yearly, in cents (USD).'),
    seats: z.int().describe('Seats a purchase starts with.'),
    features: z.array(z.string()),
    highlighted: z.boolean().optional(),
    priceId: z.string().describe("The plan's current monthly price at the payment provider."),
    yearlyPriceId: z.string().describe("The plan's current yearly price at the payment provider."),
  })
  .meta({ id: 'Plan' });

export const checkoutSession = z
  .object({
    id: z.string(),
    url: z.url().nullable().describe("The provider's hosted checkout page; null for Embedded Checkout."),
    embedded: z
      .object({
        clientSecret: z.string().describe("The session's client secret, which Stripe.js mounts."),
        publishableKey: z.string().describe('The key Stripe.js is started with.'),
        stripeJsUrl: z.url().describe('Where Stripe.js is loaded from.'),
      })
      .optional()
      .describe('Embedded Checkout (CHECKOUT_UI=embedded, decision 0049): what the purchase page mounts.'),
  })
  .meta({ id: 'CheckoutSession' });

export const billingSession = z
  .object({ url: z.url().describe("The provider's billing portal for the caller.") })
  .meta({ id: 'BillingSession' });

/** A payment provider's event, as far as the API reads it (it is checked by its signature). */
const stripeEvent = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .meta({ id: 'StripeEvent' });

export const webhookReceipt = z
  .object({
    received: z.literal(true),
    result: z
      .enum(['updated', 'superseded', 'unknown-customer', 'ignored'])
      .describe('What the event did: a plan written, an older state, a customer of no user, or nothing.'),
  })
  .meta({ id: 'WebhookReceipt' });

export type CheckoutRequest = z.output<typeof checkoutRequest>;
export type BillingSessionRequest = z.output<typeof billingSessionRequest>;
export type Plan = z.output<typeof plan>;
export type CheckoutSession = z.output<typeof checkoutSession>;
export type BillingSession = z.output<typeof billingSession>;
export type WebhookReceipt = z.output<typeof webhookReceipt>;

// The plan is the workspace owner's alone (billing.manage): a client working in another's workspace
// names it, and is refused rather than sent to a checkout in its own name.
const billingWorkspaceNote =
  "Always the caller's own plan. With `workspace` naming another's workspace (where the caller works as a member), refused: only its owner manages its plan.";
const notTheOwner = workspaceErrors;

export const billingEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/plans',
    id: 'listPlans',
    tag: 'Billing',
    summary: 'The plans on sale, with their price ids',
    auth: 'public',
    answer: ok('The plans.', z.array(plan)),
  }),
  endpoint({
    method: 'POST',
    path: '/api/stripe-create-checkout-session',
    id: 'createCheckoutSession',
    tag: 'Billing',
    summary: 'Starts buying a plan: a hosted checkout page',
    auth: 'bearer',
    description: billingWorkspaceNote,
    request: { query: workspaceQuery, body: checkoutRequest },
    answer: ok('The checkout session.', checkoutSession),
    errors: {
      ...notTheOwner,
      400: ['billing/unknown-price'],
      409: ['billing/already-subscribed'],
      ...providerErrors,
    },
  }),
  endpoint({
    method: 'POST',
    path: '/api/stripe-create-billing-session',
    id: 'createBillingSession',
    tag: 'Billing',
    summary: "Opens the provider's billing portal",
    auth: 'bearer',
    description: billingWorkspaceNote,
    request: { query: workspaceQuery, body: billingSessionRequest },
    answer: ok('The portal session.', billingSession),
    errors: { ...notTheOwner, 409: ['billing/no-customer'], ...providerErrors },
  }),
  endpoint({
    method: 'POST',
    path: '/api/stripe-webhook',
    id: 'receiveStripeEvent',
    tag: 'Billing',
    summary: "The payment provider's events (webhook)",
    description:
      'Signed by the provider (Stripe-Signature over the raw body, up to 1 MB). Events that do not change a plan are acknowledged and ignored; a failure to apply one answers non-2xx so that the provider delivers it again.',
    auth: 'stripe-signature',
    request: {
      headers: z.object({ 'stripe-signature': z.string().describe("The provider's signature.") }),
      body: stripeEvent,
    },
    answer: ok('The event was received.', webhookReceipt),
    errors: { 400: ['billing/invalid-signature'], ...providerErrors },
  }),
];
