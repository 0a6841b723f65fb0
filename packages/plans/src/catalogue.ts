// The plan catalogue (docs/product.md §9): the three plans the product sells. Prices here are what the
// pricing page shows, what the payment emulator seeds and what `npm run stripe:setup` creates; the
// server finds each plan's price id at the provider by its lookup key (the plan id).
// Each plan has two prices, per seat: monthly, and yearly (billed once a year, two months free). A
// purchase buys the plan's `seats`; Settings → Plan and the billing portal change the number of seats
// (the subscription's quantity, the owner's limit of members) and the billing period.
import type { PlanId } from './plan-ids.ts';

export type Plan = {
  id: PlanId;
  name: string;
  /** Price per seat per month, in cents (USD). */
  unitAmount: number;
  /** Price per seat per year, billed yearly, in cents (USD). */
  yearlyUnitAmount: number;
  /** Seats a purchase starts with. */
  seats: number;
  /** What the plan gives besides its seats (the pricing page states the seats once, beside the price). */
  features: string[];
  highlighted?: boolean;
};

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    unitAmount: 900,
    yearlyUnitAmount: 9000,
    seats: 1,
    features: ['Dashboard with live items', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    unitAmount: 1200,
    yearlyUnitAmount: 12000,
    seats: 5,
    features: ['Everything in Starter', 'Priority support'],
    highlighted: true,
  },
  {
    id: 'business',
    name: 'Business',
    unitAmount: 1500,
    yearlyUnitAmount: 15000,
    seats: 25,
    features: ['Everything in Pro', 'Featured items, single sign-on', 'Organization plan'],
  },
];

export const formatPrice = (amount: number) => `$${(amount / 100).toFixed(amount % 100 === 0 ? 0 : 2)}`;

/** The lookup key of a plan's price at the provider: the plan id for monthly, `<plan>_yearly` for yearly. */
export const priceLookupKey = (plan: PlanId, period: 'month' | 'year') =>
  period === 'month' ? plan : `${plan}_yearly`;

/** Cents per seat for a billing period. */
export const unitAmountFor = (plan: Plan, period: 'month' | 'year') =>
  period === 'month' ? plan.unitAmount : plan.yearlyUnitAmount;
