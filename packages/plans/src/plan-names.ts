import type { PlanId } from './plan-ids.ts';

// The names a signed-in user sees for their plan (docs/product.md §9): the business plan is the
// "Organization" plan on the dashboard. The pricing pages show the catalogue's names instead
// (catalogue.ts).
const dashboardNames: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', business: 'Organization' };

/** The plan's name as the dashboard shows it (§9: 'Organization' for business). */
export const planName = (planId: PlanId): string => dashboardNames[planId];

/**
 * The spec's `CurrentPlan` field (§3): 'Organization' for business, else the plan id itself; null
 * without a plan.
 */
export const currentPlanOf = (planId: PlanId | null): string | null =>
  planId === 'business' ? 'Organization' : planId;
