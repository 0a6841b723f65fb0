import type {
  BillingSession,
  BillingSessionRequest,
  CheckoutRequest,
  CheckoutSession,
  Plan,
} from '@launchkit/api-contract';
import { ApiError, apiRequest } from './api.ts';

// docs/product.md §4 Purchase and Billing tab, §7 the two `stripe-create-…` calls. The browser never
// loads Stripe.js: it goes to the address the payment provider gave the server (docs/billing.md).

/** Starts checkout for a plan (starter, pro or business) and answers the provider's checkout address. */
export async function createCheckout(planId: string, signal?: AbortSignal): Promise<string> {
  const plans = await apiRequest<Plan[]>('plans', { signal });
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) {
    throw new ApiError(
      'billing/unknown-plan',
      `There is no plan called “${planId}”. Please choose a plan on the pricing page.`,
    );
  }
  const origin = window.location.origin;
  const session = await apiRequest<CheckoutSession>('stripe-create-checkout-session', {
    method: 'POST',
    body: {
      priceId: plan.priceId,
      successUrl: `${origin}/dashboard?paid=true`,
      cancelUrl: `${origin}/pricing`,
    } satisfies CheckoutRequest,
    signal,
  });
  return session.url;
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
