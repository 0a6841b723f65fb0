import { ApiError, apiRequest } from './api.ts';

// §4 Purchase and Billing tab, §7 the two `stripe-create-…` calls. The browser never loads Stripe.js:
// it goes to the address the payment provider gave the server (docs/billing.md).

type PlanOffer = { id: string; priceId: string };

/** Starts checkout for a plan (starter, pro or business) and answers the provider's checkout address. */
export async function createCheckout(planId: string): Promise<string> {
  const plans = await apiRequest<PlanOffer[]>('plans');
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) {
    throw new ApiError(
      'billing/unknown-plan',
      `There is no plan called “${planId}”. Please choose a plan on the pricing page.`,
    );
  }
  const origin = window.location.origin;
  const session = await apiRequest<{ id: string; url: string }>('stripe-create-checkout-session', {
    method: 'POST',
    body: {
      priceId: plan.priceId,
      successUrl: `${origin}/dashboard?paid=true`,
      cancelUrl: `${origin}/pricing`,
    },
  });
  return session.url;
}

/**
 * The provider's billing portal for the signed-in user. It returns to the dashboard, which shows the
 * plan as changed there (the Billing tab itself would open the portal again).
 */
export async function createBillingPortal(): Promise<string> {
  const session = await apiRequest<{ url: string }>('stripe-create-billing-session', {
    method: 'POST',
    body: { returnUrl: `${window.location.origin}/dashboard?from=billing` },
  });
  return session.url;
}
