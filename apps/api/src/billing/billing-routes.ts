import { plans } from '@app/plans';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Authenticate } from '#api/auth/authenticate.ts';
import { callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig, PaymentsConfig, PlanCatalogue } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { billingSessionRequest, createBillingSession } from './create-billing-session.ts';
import { checkoutRequest, createCheckoutSession } from './create-checkout-session.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    stripe: Stripe;
    identity: IdentityConfig;
    plans: PlanCatalogue;
    payments: PaymentsConfig;
    authenticate: Authenticate;
  },
) {
  const preHandler = deps.authenticate;

  /** The catalogue with this deployment's price ids: what /purchase/:plan sends to checkout. */
  app.get('/api/plans', async () =>
    success(plans.map((plan) => ({ ...plan, priceId: deps.plans.priceIds[plan.id] }))),
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
