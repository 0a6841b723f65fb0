import { formatPrice, type PlanId, plans } from '@launchkit/plans';
import type { BillingPeriod, Subscription, SubscriptionChoice } from './billing.ts';

// How Settings → Plan words a subscription and a change of it: the catalogue's plan names (as the
// pricing page and My Account show them, beside their prices), the billing period, and amounts that
// may be credits.

export const periodLabels: Record<BillingPeriod, string> = { month: 'Monthly', year: 'Yearly' };

/** 'per seat / month', as the pricing page says it. */
export const perSeatUnit = (period: BillingPeriod) => `per seat / ${period}`;

/** The catalogue's name of a plan ('Business'); the id itself for one the catalogue no longer sells. */
export const catalogueName = (planId: PlanId) => plans.find((plan) => plan.id === planId)?.name ?? planId;

/** Cents as dollars; a credit (negative) with a minus sign before the dollar sign: '−$4.50'. */
export const formatAmount = (cents: number) => (cents < 0 ? `−${formatPrice(-cents)}` : formatPrice(cents));

/** The choice a subscription stands for: where the change form starts. */
export const choiceOf = ({ plan, period, seats }: Subscription): SubscriptionChoice => ({
  plan,
  period,
  seats,
});

export const isSameChoice = (a: SubscriptionChoice, b: SubscriptionChoice) =>
  a.plan === b.plan && a.period === b.period && a.seats === b.seats;

const seatWord = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/**
 * What a change did, in one sentence for the confirmation: each part that changed, from → to
 * ('Your plan has changed: Pro → Business, billed monthly → yearly, 5 → 6 seats.').
 */
export function describeChange(before: SubscriptionChoice, after: SubscriptionChoice): string {
  const parts: string[] = [];
  if (before.plan !== after.plan) parts.push(`${catalogueName(before.plan)} → ${catalogueName(after.plan)}`);
  if (before.period !== after.period) {
    parts.push(
      `billed ${periodLabels[before.period].toLowerCase()} → ${periodLabels[after.period].toLowerCase()}`,
    );
  }
  if (before.seats !== after.seats) parts.push(`${before.seats} → ${seatWord(after.seats)}`);
  if (parts.length === 0) return 'Your plan is unchanged.';
  return `Your plan has changed: ${parts.join(', ')}.`;
}
