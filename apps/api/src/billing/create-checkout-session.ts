import type { CheckoutRequest, CheckoutSession } from '@launchkit/api-contract';
import { hasCurrentPlan, type PlanId, plans } from '@launchkit/plans';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '#api/config/app-config.ts';
import type { CheckoutConfig } from '#api/config/checkout-config.ts';
import type { Database } from '#api/db/database.ts';
import { AppError } from '#api/http/app-error.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { checkoutAnswer, checkoutExtrasParams, checkoutUiParams } from './checkout-ui.ts';
import { ensureCustomer } from './customer.ts';
import { callProvider } from './provider-errors.ts';
import { ownSiteAddress, type SiteOrigins } from './return-url.ts';

export type CheckoutDeps = {
  db: Database;
  stripe: Stripe;
  plans: PlanCatalogue;
  payments: PaymentsConfig;
  /** Hosted or Embedded Checkout, and tax (decision 0049). */
  checkout: CheckoutConfig;
  /** Where the provider may send the browser back to (checkout and portal return addresses). */
  site: SiteOrigins;
};

/**
 * docs/product.md §4 Purchase, §7: a Checkout Session for one of the three plans, buying the plan's
 * starting seats. The customer is the user's own (created once); the uid rides along as
 * client_reference_id and in the subscription's metadata so the provider's records name the account.
 */
export async function createCheckoutSession(
  deps: CheckoutDeps,
  request: FastifyRequest,
  user: UserRow,
  input: CheckoutRequest,
): Promise<CheckoutSession> {
  const successUrl = ownSiteAddress(deps.site, input.successUrl, 'successUrl');
  const cancelUrl = ownSiteAddress(deps.site, input.cancelUrl, 'cancelUrl');
  // Only a plan's current price is sold; an archived one still names a subscriber's plan, no more.
  const planId = deps.plans.planByPriceId.get(input.priceId);
  const plan = plans.find((candidate) => candidate.id === planId);
  const onSale = plan && [deps.plans.priceIds[plan.id], deps.plans.yearlyPriceIds[plan.id]];
  if (!plan || !onSale?.includes(input.priceId)) {
    throw new AppError(
      400,
      'billing/unknown-price',
      'This plan is not available. Please choose a plan on the pricing page.',
      {
        priceId: 'This plan is not available.',
      },
    );
  }
  if (hasCurrentPlan(user)) {
    throw new AppError(
      409,
      'billing/already-subscribed',
      'You already have a plan. Change it in Settings → Plan.',
    );
  }
  const log = request.log;
  const customer = await callProvider(log, 'set up your customer record', () => ensureCustomer(deps, user));
  const trialDays = await callProvider(log, 'check your trial', () => trialDaysFor(deps, customer, plan.id));
  const { offer } = deps.payments;
  const session = await callProvider(log, 'start the checkout', () =>
    deps.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: input.priceId, quantity: plan.seats }],
      ...checkoutUiParams(deps.checkout, successUrl, cancelUrl),
      ...checkoutExtrasParams(deps.checkout),
      metadata: { uid: user.id, plan: plan.id },
      subscription_data: {
        metadata: { uid: user.id, plan: plan.id },
        ...(trialDays > 0 && { trial_period_days: trialDays }),
        // Without a card, the trial's end cancels or pauses the plan (docs/billing.md, "Trials").
        ...(trialDays > 0 &&
          !offer.cardUpFront && {
            trial_settings: { end_behavior: { missing_payment_method: offer.trialEndWithoutCard } },
          }),
      },
      ...(trialDays > 0 && !offer.cardUpFront && { payment_method_collection: 'if_required' }),
    }),
  );
  return checkoutAnswer(deps.checkout, session);
}

/** A trial (STRIPE_TRIAL_DAYS, by plan) is for a customer's first subscription only. */
async function trialDaysFor(deps: CheckoutDeps, customer: string, plan: PlanId): Promise<number> {
  const days = deps.payments.offer.trialDays[plan];
  if (days === 0) return 0;
  const previous = await deps.stripe.subscriptions.list({ customer, status: 'all', limit: 1 });
  return previous.data.length === 0 ? days : 0;
}
