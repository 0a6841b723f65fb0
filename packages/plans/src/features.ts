import type { PlanId } from './plan-ids.ts';

/**
 * docs/product.md §6: featuring items is the business (the dashboard's "Organization") plan's feature,
 * while paid up.
 */
export const canFeatureItems = (plan: { planIsActive: boolean; planId: PlanId | null }): boolean =>
  plan.planIsActive && plan.planId === 'business';
