import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok, providerErrors, workspaceErrors } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';
import { planId } from './plans.ts';
import { workspaceQuery } from './team.ts';

// Settings → Plan (docs/billing.md): the owner's subscription read and changed in the product — plan,
// billing period and seats, each change previewed before it is made — and the invoices so far.

export const billingPeriod = z.enum(['month', 'year']).describe('How often the plan is billed.');

const seatCount = z
  .int({ error: 'Please give a whole number of seats.' })
  .min(1, 'A plan needs at least one seat.')
  .max(1000, 'For more than 1,000 seats, please contact us.');

/** What the owner asks for: the plan, its billing period and the seats; every part stated. */
export const subscriptionChoice = z
  .strictObject({
    plan: planId.describe('The plan to be on.'),
    period: billingPeriod,
    seats: seatCount.describe('Seats to pay for: the owner and the members they may add.'),
  })
  .meta({ id: 'SubscriptionChoice' });

export const subscriptionChange = subscriptionChoice
  .extend({
    prorationDate: z
      .int({ error: "Please preview the change first: the preview's date is missing." })
      .positive("Please preview the change first: the preview's date is missing.")
      .describe(
        "The preview's `prorationDate` (Unix seconds): the change is prorated from the same second, so the charge is the amount the preview showed.",
      ),
  })
  .meta({ id: 'SubscriptionChange' });

export const subscription = z
  .object({
    plan: planId,
    period: billingPeriod,
    seats: z.int().describe('Seats paid for.'),
    seatsInUse: z.int().describe('Members and open invitations: the fewest seats the plan may have.'),
    unitAmount: z.int().describe('Price per seat per billing period, in cents.'),
    currency: z.string(),
    status: z.string().describe("The subscription's status at the provider."),
    currentPeriodEnd: timestamp.describe('When the period paid for ends: the next renewal.'),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: 'Subscription' });

const invoiceLine = z.object({
  description: z.string(),
  amount: z.int().describe('Cents; a credit is negative.'),
});

export const subscriptionPreview = z
  .object({
    amountDueNow: z.int().describe('What the change charges today, in cents (0 when it only credits).'),
    creditLeft: z.int().describe('Credit kept for later invoices, in cents.'),
    lines: z.array(invoiceLine).describe("Today's invoice, line by line."),
    nextAmount: z.int().describe('The renewal after the change, in cents.'),
    nextDate: timestamp.describe('When the renewal is charged.'),
    currency: z.string(),
    prorationDate: z.int().describe('Send it back with the change to be charged exactly this.'),
  })
  .meta({ id: 'SubscriptionPreview' });

export const invoiceSummary = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.string().describe('draft, open, paid, uncollectible or void.'),
    total: z.int().describe('Cents.'),
    amountPaid: z.int(),
    currency: z.string(),
    periodStart: timestamp,
    periodEnd: timestamp,
    created: timestamp,
    hostedInvoiceUrl: z.url().nullable().describe("The provider's page for the invoice (receipt, PDF)."),
  })
  .meta({ id: 'InvoiceSummary' });

export type BillingPeriod = z.output<typeof billingPeriod>;
export type SubscriptionChoice = z.output<typeof subscriptionChoice>;
export type SubscriptionChange = z.output<typeof subscriptionChange>;
export type Subscription = z.output<typeof subscription>;
export type SubscriptionPreview = z.output<typeof subscriptionPreview>;
export type InvoiceSummary = z.output<typeof invoiceSummary>;

// Only the owner: a member naming the workspace is refused as any workspace action is.
const ownersOnly = workspaceErrors;
const note = "Always the caller's own subscription; with `workspace` naming another's workspace, refused.";

export const subscriptionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/billing/subscription',
    id: 'getSubscription',
    tag: 'Billing',
    summary: "The caller's plan, billing period and seats",
    auth: 'bearer',
    description: note,
    request: { query: workspaceQuery },
    answer: ok('The subscription.', subscription),
    errors: { ...ownersOnly, 409: ['billing/no-plan'], ...providerErrors },
  }),
  endpoint({
    method: 'POST',
    path: '/api/billing/subscription/preview',
    id: 'previewSubscriptionChange',
    tag: 'Billing',
    summary: 'What a change of plan, period or seats would charge',
    auth: 'bearer',
    description: `${note} Nothing changes; send the answer's \`prorationDate\` with the change.`,
    request: { query: workspaceQuery, body: subscriptionChoice },
    answer: ok("The change's invoice, before it is made.", subscriptionPreview),
    errors: {
      ...ownersOnly,
      400: ['billing/no-change'],
      409: ['billing/no-plan', 'billing/seats-in-use'],
      ...providerErrors,
    },
  }),
  endpoint({
    method: 'POST',
    path: '/api/billing/subscription',
    id: 'changeSubscription',
    tag: 'Billing',
    summary: 'Changes the plan, billing period or seats, prorated',
    auth: 'bearer',
    description: `${note} Fewer seats than are in use is refused; the seat limit drops before the provider is asked, so no one joins in between.`,
    request: { query: workspaceQuery, body: subscriptionChange },
    answer: ok('The subscription after the change.', subscription),
    errors: {
      ...ownersOnly,
      400: ['billing/no-change', 'billing/preview-expired'],
      409: ['billing/no-plan', 'billing/seats-in-use'],
      ...providerErrors,
    },
  }),
  endpoint({
    method: 'GET',
    path: '/api/billing/invoices',
    id: 'listInvoices',
    tag: 'Billing',
    summary: "The caller's invoices, newest first",
    auth: 'bearer',
    description: note,
    request: { query: workspaceQuery },
    answer: ok('Up to 24 invoices.', z.array(invoiceSummary)),
    errors: { ...ownersOnly, ...providerErrors },
  }),
];
