import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { callProvider } from '#api/billing/provider-errors.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { getUsage, noUsage } from './get-usage.ts';
import type { UsageCatalogueSource } from './usage-meter.ts';

/**
 * "Usage this period" (docs/usage-billing.md): the owner's own workspace only, as for the plan
 * (billing.manage when `?workspace=` names one).
 */
export function registerUsageRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    stripe: Stripe;
    isReporting: boolean;
    catalogue: UsageCatalogueSource;
    authenticate: Authenticate;
  },
) {
  route(app, 'getUsage', deps, async ({ query }, request) => {
    const caller = callerOf(request);
    if (query.workspace !== undefined) {
      await requireWorkspaceAccess(deps.db, caller, query.workspace, 'billing.manage');
    }
    if (!deps.isReporting) return success(noUsage(false));
    const [owner] = await deps.db
      .select({ customer: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, caller.uid));
    if (!owner?.customer) return success(noUsage(true));
    const customer = owner.customer;
    return success(
      await callProvider(request.log, 'read the usage', async () =>
        getUsage({ stripe: deps.stripe, catalogue: await deps.catalogue() }, customer),
      ),
    );
  });
}
