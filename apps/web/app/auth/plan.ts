// The plan fields of the merged user (§3 derived fields, §4 active statuses, §9 plan names), worked
// out from what GET /api/user answers. Only the billing webhook writes the plan (docs/workspace.md).

export type PlanId = 'starter' | 'pro' | 'business';

/** The plan fields the user document carries (ISO strings or null for the dates). */
export type PlanDocument = {
  planId?: string | null;
  planIsActive?: boolean;
  stripePriceId?: string | null;
  stripeSubscriptionStatus?: string | null;
  quantity?: number | null;
  trialEnd?: string | null;
  currentPeriodEnd?: string | null;
};

export type PlanFields = {
  planId: PlanId | null;
  planIsActive: boolean;
  /** The spec's other name for planIsActive. */
  planActive: boolean;
  /** 'Organization' for business (the name the dashboard shows), else the plan id; null without a plan. */
  CurrentPlan: string | null;
  CurrentTrial: boolean;
  /** When the trial ends while trialing, else when the paid period ends; null without a plan. */
  subscriptionEndDate: string | null;
  stripeSubscriptionStatus: string | null;
  /** Seats: how many sub-users the user may create (0 without a plan). */
  quantity: number;
};

const planIds: readonly PlanId[] = ['starter', 'pro', 'business'];
const activeStatuses = ['active', 'trialing'];

export function derivePlan(document: PlanDocument): PlanFields {
  const planId = planIds.find((id) => id === document.planId) ?? null;
  const status = document.stripeSubscriptionStatus || null;
  const planIsActive = document.planIsActive ?? activeStatuses.includes(status ?? '');
  const isTrial = status === 'trialing';
  return {
    planId,
    planIsActive,
    planActive: planIsActive,
    CurrentPlan: planId === 'business' ? 'Organization' : planId,
    CurrentTrial: isTrial,
    subscriptionEndDate: (isTrial ? document.trialEnd : document.currentPeriodEnd) ?? null,
    stripeSubscriptionStatus: status,
    quantity: Math.max(0, Math.floor(Number(document.quantity) || 0)),
  };
}

// A plan whose payment is being retried is still the user's: they fix it in the portal, not by buying again.
const portalStatuses = ['active', 'trialing', 'past_due', 'unpaid'];

/** §4: a user with a current plan manages it in the billing portal; anyone else chooses one on /pricing. */
export const hasCurrentPlan = (user: Pick<PlanFields, 'planIsActive' | 'stripeSubscriptionStatus'>) =>
  user.planIsActive || portalStatuses.includes(user.stripeSubscriptionStatus ?? '');

/** §6: featuring items needs an active plan that is the organization (business) plan. */
export function canFeatureItems(user: Pick<PlanFields, 'planIsActive' | 'CurrentPlan'>): boolean {
  return user.planIsActive && (user.CurrentPlan === 'Organization' || user.CurrentPlan === 'business');
}

const planNames: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', business: 'Organization' };

/** The plan's name as the dashboard shows it (§9: 'Organization' for business). */
export const planName = (planId: PlanId) => planNames[planId];

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … */
function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** A date in the §9 format 'MMMM Do YYYY' ('November 21st 2026'), in the browser's time zone. */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${months[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}`;
}
