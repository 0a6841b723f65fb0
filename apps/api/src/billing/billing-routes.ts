import type { Plan } from '@launchkit/api-contract';
import { plans } from '@launchkit/plans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
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

  // The plan is always the caller's own; a client working in another's workspace says so with
  // `?workspace=`, and only that workspace's owner gets past this (billing.manage).
  const requireOwnPlan = async (request: FastifyRequest, workspace: string | undefined) => {
    if (workspace === undefined) return;
    await requireWorkspaceAccess(deps.db, callerOf(request), workspace, 'billing.manage');
  };

  route(app, 'createCheckoutSession', deps, async ({ query, body }, request) => {
    await requireOwnPlan(request, query.workspace);
    return success(await createCheckoutSession(deps, request, await userOf(request), body));
  });

  route(app, 'createBillingSession', deps, async ({ query, body }, request) => {
    await requireOwnPlan(request, query.workspace);
    return success(await createBillingSession(deps, request, await userOf(request), body));
  });
}
