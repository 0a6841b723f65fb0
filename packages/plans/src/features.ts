import type { PlanId } from './plan-ids.ts';

/**
 * docs/product.md §6: featuring items is the business (the dashboard's "Organization") plan's feature,
 * while the plan is in force (paid up, or its failed renewal still being retried: plan-status.ts).
 */
export const canFeatureItems = (plan: { planInForce: boolean; planId: PlanId | null }): boolean =>
  plan.planInForce && plan.planId === 'business';
