import type { Workspace } from '@launchkit/api-contract';
import { canFeatureItems, isPaymentFailingStatus } from '@launchkit/plans';
import { users } from '#api/db/schema.ts';
import { planColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';

type OwnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'stripePriceId' | 'stripeSubscriptionStatus' | 'requiresSecondFactor' | 'quantity'
>;

/** The owner columns a workspace answer needs. */
export const workspaceOwnerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  ...planColumns,
  requiresSecondFactor: users.requiresSecondFactor,
  quantity: users.quantity,
};

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
    seats: owner.quantity,
    canFeatureItems: canFeatureItems(planStatusOf(owner, plans)),
    billingNeedsAttention: isPaymentFailingStatus(owner.stripeSubscriptionStatus),
    requiresSecondFactor: owner.requiresSecondFactor,
  };
}
