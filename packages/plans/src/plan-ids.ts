// The plan ids (docs/product.md §9): the three plans the product sells. Each is also the lookup key of
// the plan's price at the payment provider (`npm run stripe:setup`) and the `:plan` of /purchase/:plan.
export const planIds = ['starter', 'pro', 'business'] as const;

export type PlanId = (typeof planIds)[number];

/** Whether `value` is one of the plan ids. */
export const isPlanId = (value: unknown): value is PlanId => planIds.some((id) => id === value);

/** The plan id `value` names, or null for anything else (no plan, an unknown or retired id). */
export const planIdOf = (value: unknown): PlanId | null => (isPlanId(value) ? value : null);
