import { isActiveStatus, isPlanInForce, type PlanId } from '@launchkit/plans';
import { users } from '#api/db/schema.ts';
import type { PlanCatalogue } from './resolve-plan-prices.ts';

// docs/product.md §4, §9: the rules (which statuses are active, which are current) are @launchkit/plans'; this
// file applies them to the user's row. It reads the row's columns from the schema, not
// users/user-document.ts, which imports it.
export type PlanColumns = Pick<typeof users.$inferSelect, 'stripePriceId' | 'stripeSubscriptionStatus'>;

/** The columns of `users` a plan is read from: select them, then hand the row to planStatusOf. */
export const planColumns = {
  stripePriceId: users.stripePriceId,
  stripeSubscriptionStatus: users.stripeSubscriptionStatus,
};

export type PlanStatus = { planId: PlanId | null; planIsActive: boolean; planInForce: boolean };

/**
 * The plan a user's price id names in the catalogue resolved at start (archived prices included), and
 * whether it is paid up and in force.
 */
export function planStatusOf(row: PlanColumns, plans: PlanCatalogue): PlanStatus {
  return {
    planId: (row.stripePriceId && plans.planByPriceId.get(row.stripePriceId)) || null,
    planIsActive: isActiveStatus(row.stripeSubscriptionStatus),
    planInForce: isPlanInForce(row.stripeSubscriptionStatus),
  };
}
