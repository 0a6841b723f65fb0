// The plan fields of the merged user (docs/product.md §3 derived fields), worked out from what GET
// /api/user answers with the plan rules of @launchkit/plans (ids, names, statuses, seats). Only the billing
// webhook writes the plan (docs/team.md).
import {
  currentPlanOf,
  isActiveStatus,
  isPlanInForce,
  isTrialStatus,
  type PlanId,
  planIdOf,
  seatLimit,
} from '@launchkit/plans';

/** The plan fields the user document carries (ISO strings or null for the dates). */
export type PlanDocument = {
  planId?: string | null;
  planIsActive?: boolean;
  planInForce?: boolean;
  stripePriceId?: string | null;
  stripeSubscriptionStatus?: string | null;
  quantity?: number | null;
  trialEnd?: string | null;
  currentPeriodEnd?: string | null;
  nextPaymentAttempt?: string | null;
};

export type PlanFields = {
  planId: PlanId | null;
  planIsActive: boolean;
  /** The spec's other name for planIsActive. */
  planActive: boolean;
  /** Whether the plan's features and seats apply (paid up, or a failed renewal still being retried). */
  planInForce: boolean;
  /** 'Organization' for business (the name the dashboard shows), else the plan id; null without a plan. */
  CurrentPlan: string | null;
  CurrentTrial: boolean;
  /** When the trial ends while trialing, else when the paid period ends; null without a plan. */
  subscriptionEndDate: string | null;
  stripeSubscriptionStatus: string | null;
  /** Seats: how many members the user may add (0 without a plan). */
  quantity: number;
  /** While a renewal payment is failing: when the provider tries the card again (null: it will not). */
  nextPaymentAttempt: string | null;
};

export function derivePlan(document: PlanDocument): PlanFields {
  const planId = planIdOf(document.planId);
  const status = document.stripeSubscriptionStatus || null;
  const planIsActive = document.planIsActive ?? isActiveStatus(status);
  const isTrial = isTrialStatus(status);
  return {
    planId,
    planIsActive,
    planActive: planIsActive,
    planInForce: document.planInForce ?? isPlanInForce(status),
    CurrentPlan: currentPlanOf(planId),
    CurrentTrial: isTrial,
    subscriptionEndDate: (isTrial ? document.trialEnd : document.currentPeriodEnd) ?? null,
    stripeSubscriptionStatus: status,
    quantity: seatLimit(document.quantity),
    nextPaymentAttempt: document.nextPaymentAttempt ?? null,
  };
}
