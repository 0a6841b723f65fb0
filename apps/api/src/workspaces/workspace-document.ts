import type { Workspace } from '@app/api-contract';
import { canFeatureItems } from '@app/plans';
import { sql } from 'drizzle-orm';
import type { PlanCatalogue } from '#api/billing/resolve-plan-prices.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { planStatusOf } from '#api/users/plan-status.ts';

type OwnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'stripePriceId' | 'stripeSubscriptionStatus'
>;

/** The owner columns a workspace answer needs. */
export const workspaceOwnerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  stripePriceId: users.stripePriceId,
  stripeSubscriptionStatus: users.stripeSubscriptionStatus,
};

/**
 * Whether a `sub_users` row holds a seat, in a query that selects that row joined to its owner's
 * `users` row: fewer than `quantity` rows of the same owner were added before it (`created_at, id`,
 * compared in SQL at full precision). The same order as authorize-workspace.ts and the sub-users list.
 */
export const rowHoldsSeat = sql<boolean>`((select count(*) from ${subUsers} as "earlier" where "earlier"."owner" = ${subUsers.owner} and ("earlier"."created_at", "earlier"."id") < (${subUsers.createdAt}, ${subUsers.id})) < ${users.quantity})`;

/** A workspace as the caller sees it (the contract's `workspace`); featuring follows the owner's plan. */
export function toWorkspace(
  owner: OwnerRow,
  access: { role: Workspace['role']; hasSeat: boolean },
  plans: PlanCatalogue,
): Workspace {
  return {
    id: owner.id,
    ownerName: owner.name,
    ownerEmail: owner.email,
    role: access.role,
    hasSeat: Boolean(access.hasSeat),
    canFeatureItems: canFeatureItems(planStatusOf(owner, plans)),
  };
}
