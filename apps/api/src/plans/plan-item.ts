/**
 * A subscription's plan item: its licensed (per-seat) one. A subscription may also carry the metered
 * price of usage billing (docs/usage-billing.md), which is never the plan.
 */
export const planItemOf = <Item extends PricedItem>(
  subscription: { items: { data: Item[] } } | undefined,
): Item | undefined =>
  subscription?.items.data.find((item) => item.price.recurring?.usage_type !== 'metered') ??
  subscription?.items.data[0];

/** An item as the provider's subscription and its events carry it: the price, and how it bills. */
type PricedItem = { price: { recurring?: { usage_type?: string } | null } };
