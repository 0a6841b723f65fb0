// The plan catalogue (§9): the three plans the product sells. Prices here are what the pricing page
// shows and what the payment emulator seeds; production reads the price ids from configuration.
export type PlanId = 'starter' | 'pro' | 'business';

export type Plan = {
  id: PlanId;
  name: string;
  /** Monthly price in cents (USD). */
  monthlyAmount: number;
  seats: number;
  features: string[];
  highlighted?: boolean;
};

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyAmount: 900,
    seats: 1,
    features: ['Dashboard with live items', 'Email support', '1 user'],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyAmount: 2900,
    seats: 5,
    features: ['Everything in Starter', 'Up to 5 users', 'Priority support'],
    highlighted: true,
  },
  {
    id: 'business',
    name: 'Business',
    monthlyAmount: 9900,
    seats: 25,
    features: ['Everything in Pro', 'Up to 25 users', 'Featured items', 'Organization plan'],
  },
];

export const formatMonthlyPrice = (amount: number) =>
  `$${(amount / 100).toFixed(amount % 100 === 0 ? 0 : 2)}`;
