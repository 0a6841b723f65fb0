import type { Plan } from '@launchkit/api-contract';
import { plans } from '@launchkit/plans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { userOf } from '#api/users/signed-in-user.ts';
import { changeSubscription } from './change-subscription.ts';
import { createBillingSession } from './create-billing-session.ts';
import { type CheckoutDeps, createCheckoutSession } from './create-checkout-session.ts';
import { listInvoices } from './list-invoices.ts';
import { liveSubscriptionOf, seatsInUse, subscriptionView } from './live-subscription.ts';
import { previewSubscriptionChange } from './preview-subscription-change.ts';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: CheckoutDeps & { authenticate: Authenticate },
) {
  /** The catalogue with this deployment's price ids (resolved at start): what /purchase/:plan sends to checkout. */
  route(app, 'listPlans', {}, async () =>
    success(
      plans.map(
        (plan): Plan => ({
          ...plan,
          priceId: deps.plans.priceIds[plan.id],
          yearlyPriceId: deps.plans.yearlyPriceIds[plan.id],
        }),
      ),
    ),
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

  // Settings → Plan (docs/billing.md): the plan, its period and seats, changed as previewed.
  route(app, 'getSubscription', deps, async ({ query }, request) => {
    await requireOwnPlan(request, query.workspace);
    const user = await userOf(request);
    const live = await liveSubscriptionOf(deps, request.log, user);
    return success(subscriptionView(live, await seatsInUse(deps.db, user.id)));
  });

  route(app, 'previewSubscriptionChange', deps, async ({ query, body }, request) => {
    await requireOwnPlan(request, query.workspace);
    return success(await previewSubscriptionChange(deps, request.log, await userOf(request), body));
  });

  route(app, 'changeSubscription', deps, async ({ query, body }, request) => {
    await requireOwnPlan(request, query.workspace);
    return success(await changeSubscription(deps, request.log, await userOf(request), body));
  });

  route(app, 'listInvoices', deps, async ({ query }, request) => {
    await requireOwnPlan(request, query.workspace);
    return success(await listInvoices(deps, request.log, await userOf(request)));
  });
}
