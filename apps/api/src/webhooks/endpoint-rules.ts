import { limitsOf, type PlanLimits, planLimits } from '@launchkit/plans';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { users, webhookEndpoints } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';

/**
 * Locks the workspace owner's row until the caller's transaction ends and answers the workspace's plan
 * limits: every change to the workspace's endpoints takes this lock first, so two concurrent ones never
 * both pass the count or the one-endpoint-per-address rule (as items do, items/create-item.ts).
 */
export async function lockEndpointRules(
  tx: Queryable,
  owner: string,
  plans: PlanCatalogue,
): Promise<PlanLimits> {
  const [plan] = await tx
    .select({ stripePriceId: users.stripePriceId, stripeSubscriptionStatus: users.stripeSubscriptionStatus })
    .from(users)
    .where(eq(users.id, owner))
    .for('no key update');
  if (!plan) throw new Error(`the owner ${owner} vanished during an endpoint change`);
  return limitsOf(planStatusOf(plan, plans));
}

/** Refuses a new endpoint beyond the plan's number, naming it; "upgrade" only when a plan has more. */
export async function requireEndpointRoom(tx: Queryable, owner: string, limits: PlanLimits) {
  const [held] = await tx
    .select({ endpoints: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspace, owner));
  const limit = limits.webhookEndpoints;
  if ((held?.endpoints ?? 0) < limit) return;
  const canUpgrade = Object.values(planLimits).some((plan) => plan.webhookEndpoints > limit);
  const endpoints = limit === 1 ? 'one webhook endpoint' : `${limit} webhook endpoints`;
  throw new AppError(
    409,
    'webhooks/endpoint-limit',
    `This workspace’s plan allows ${endpoints}. Remove one to add another${canUpgrade ? ', or upgrade the plan for more' : ''}.`,
  );
}

/**
 * Refuses a second endpoint for an address the workspace has already (`url` as the address check
 * normalized it): each event goes once to each address, so endpoints cannot multiply what one write
 * sends to one receiver. `except`: the endpoint being changed.
 */
export async function requireDistinctUrl(tx: Queryable, owner: string, url: string, except?: string) {
  const [same] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspace, owner),
        eq(webhookEndpoints.url, url),
        ...(except ? [ne(webhookEndpoints.id, except)] : []),
      ),
    )
    .limit(1);
  if (!same) return;
  throw new AppError(
    409,
    'webhooks/endpoint-exists',
    'This workspace has an endpoint for this address already. Change that one’s events instead.',
    { url: 'This workspace has an endpoint for this address already.' },
  );
}
