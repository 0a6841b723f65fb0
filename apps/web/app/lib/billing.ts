import type {
  BillingPeriod,
  BillingSession,
  BillingSessionRequest,
  CheckoutRequest,
  CheckoutSession,
  InvoiceSummary,
  Plan,
  Subscription,
  SubscriptionChange,
  SubscriptionChoice,
  SubscriptionPreview,
} from '@launchkit/api-contract';
import { ApiError, apiRequest } from './api.ts';

// docs/product.md §4 Purchase and Billing tab, §7 the two `stripe-create-…` calls, and Settings → Plan
// (the subscription read, previewed and changed in the product). The browser goes to the address the
// payment provider gave the server, or mounts Embedded Checkout with Stripe.js where the server is
// configured for it (docs/billing.md, decision 0049).

export type { BillingPeriod, InvoiceSummary, Subscription, SubscriptionChoice, SubscriptionPreview };

/** The billing period a `?period=` asks for: `year` is yearly, anything else (or none) monthly. */
export const billingPeriodOf = (value: string | null): BillingPeriod => (value === 'year' ? 'year' : 'month');

/**
 * Starts checkout for a plan (starter, pro or business), billed monthly or yearly, and answers the
 * provider's checkout address, or (CHECKOUT_UI=embedded, decision 0049) what Embedded Checkout mounts.
 */
export async function createCheckout(
  planId: string,
  period: BillingPeriod,
  signal?: AbortSignal,
): Promise<CheckoutSession> {
  const plans = await apiRequest<Plan[]>('plans', { signal });
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) {
    throw new ApiError(
      'billing/unknown-plan',
      `There is no plan called “${planId}”. Please choose a plan on the pricing page.`,
    );
  }
  const origin = window.location.origin;
  return apiRequest<CheckoutSession>('stripe-create-checkout-session', {
    method: 'POST',
    body: {
      priceId: period === 'year' ? plan.yearlyPriceId : plan.priceId,
      successUrl: `${origin}/dashboard?paid=true`,
      cancelUrl: `${origin}/pricing`,
    } satisfies CheckoutRequest,
    signal,
  });
}

/**
 * The provider's billing portal for the signed-in user. It returns to the dashboard, which shows the
 * plan as changed there (the Billing tab itself would open the portal again).
 */
export async function createBillingPortal(signal?: AbortSignal): Promise<string> {
  const session = await apiRequest<BillingSession>('stripe-create-billing-session', {
    method: 'POST',
    body: { returnUrl: `${window.location.origin}/dashboard?from=billing` } satisfies BillingSessionRequest,
    signal,
  });
  return session.url;
}

/** `?workspace=` for the subscription calls: the contract takes it, and refuses anyone else's. */
const subscriptionPath = (path: string, workspace: string | null) =>
  workspace === null ? path : `${path}?${new URLSearchParams({ workspace })}`;

/** The owner's plan, billing period and seats; refused with `billing/no-plan` when there is none. */
export const getSubscription = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<Subscription>(subscriptionPath('billing/subscription', workspace), { signal });

/** What a change would charge today and at the next renewal; nothing changes yet. */
export const previewSubscriptionChange = (workspace: string | null, choice: SubscriptionChoice) =>
  apiRequest<SubscriptionPreview>(subscriptionPath('billing/subscription/preview', workspace), {
    method: 'POST',
    body: choice,
  });

/** Makes the previewed change, charged as the preview said (its `prorationDate`). */
export const changeSubscription = (workspace: string | null, change: SubscriptionChange) =>
  apiRequest<Subscription>(subscriptionPath('billing/subscription', workspace), {
    method: 'POST',
    body: change,
  });

/** The owner's invoices, newest first. */
export const listInvoices = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<InvoiceSummary[]>(subscriptionPath('billing/invoices', workspace), { signal });
