import { billingSessionRequest, checkoutRequest, type Plan } from '@app/api-contract';
import { plans } from '@app/plans';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Authenticate } from '#api/auth/authenticate.ts';
import { callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig, PaymentsConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { createBillingSession } from './create-billing-session.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import type { PlanCatalogue } from './resolve-plan-prices.ts';
import type { SiteOrigins } from './return-url.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    stripe: Stripe;
    identity: IdentityConfig;
    plans: PlanCatalogue;
    payments: PaymentsConfig;
    /** Where the provider may send the browser back to (checkout and portal return addresses). */
    site: SiteOrigins;
    authenticate: Authenticate;
  },
) {
  const preHandler = deps.authenticate;

  /** The catalogue with this deployment's price ids (resolved at start): what /purchase/:plan sends to checkout. */
  app.get('/api/plans', async () =>
    success(plans.map((plan): Plan => ({ ...plan, priceId: deps.plans.priceIds[plan.id] }))),
  );

  app.post('/api/stripe-create-checkout-session', { preHandler }, async (request) => {
    const input = validate(checkoutRequest, request.body);
    return success(await createCheckoutSession(deps, request, callerOf(request), input));
  });

  app.post('/api/stripe-create-billing-session', { preHandler }, async (request) => {
    const input = validate(billingSessionRequest, request.body);
    return success(await createBillingSession(deps, request, callerOf(request), input));
  });
}
