import type { Plan } from '@launchkit/api-contract';
import { plans } from '@launchkit/plans';
import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/auth/authenticate.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { userOf } from '#api/users/signed-in-user.ts';
import { createBillingSession } from './create-billing-session.ts';
import { type CheckoutDeps, createCheckoutSession } from './create-checkout-session.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: CheckoutDeps & { authenticate: Authenticate },
) {
  /** The catalogue with this deployment's price ids (resolved at start): what /purchase/:plan sends to checkout. */
  route(app, 'listPlans', {}, async () =>
    success(plans.map((plan): Plan => ({ ...plan, priceId: deps.plans.priceIds[plan.id] }))),
  );

  route(app, 'createCheckoutSession', deps, async ({ body }, request) =>
    success(await createCheckoutSession(deps, request, await userOf(request), body)),
  );

  route(app, 'createBillingSession', deps, async ({ body }, request) =>
    success(await createBillingSession(deps, request, await userOf(request), body)),
  );
}
