// The plan catalogue (docs/product.md §9): the three plans the product sells. Prices here are what the
// pricing page shows, what the payment emulator seeds and what `npm run stripe:setup` creates; the
// server finds each plan's price id at the provider by its lookup key (the plan id).
// A price is per seat per month; a purchase buys the plan's `seats`, and the billing portal changes
// the number of seats (the subscription's quantity, the owner's limit of members).
import type { PlanId } from './plan-ids.ts';

export type Plan = {
  id: PlanId;
  name: string;
  /** Price per seat per month, in cents (USD). */
  unitAmount: number;
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
    seats: 1,
    features: ['Dashboard with live items', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    unitAmount: 1200,
    seats: 5,
    features: ['Everything in Starter', 'Priority support'],
    highlighted: true,
  },
  {
    id: 'business',
    name: 'Business',
    unitAmount: 1500,
    seats: 25,
    features: ['Everything in Pro', 'Featured items', 'Organization plan'],
  },
];

export const formatPrice = (amount: number) => `$${(amount / 100).toFixed(amount % 100 === 0 ? 0 : 2)}`;
