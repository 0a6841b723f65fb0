import type { PlanId } from './plan-ids.ts';

/**
 * docs/product.md §6: featuring items is the business (the dashboard's "Organization") plan's feature,
 * while the plan is in force (paid up, or its failed renewal still being retried: plan-status.ts).
 */
/**
 * Single sign-on (docs/sso.md, decision 0055) is the business plan's too: setting it up and changing it
 * need the plan in force; a connection already on keeps signing people in when the plan lapses.
 */
export const canUseSingleSignOn = (plan: { planInForce: boolean; planId: PlanId | null }): boolean =>
  plan.planInForce && plan.planId === 'business';

export const canFeatureItems = (plan: { planInForce: boolean; planId: PlanId | null }): boolean =>
  plan.planInForce && plan.planId === 'business';

/**
 * Decision 0056: SCIM provisioning (docs/scim.md) is the business plan's, while it is in force: a SCIM
 * token is made, and answers, only then.
 */
export const canProvisionWithScim = (plan: { planInForce: boolean; planId: PlanId | null }): boolean =>
  plan.planInForce && plan.planId === 'business';
