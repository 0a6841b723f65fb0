import type { UsageSummary } from '@launchkit/api-contract';
import type Stripe from 'stripe';
import { planItemOf } from '#api/plans/plan-item.ts';
import { hasMeteredItem } from './ensure-metered-item.ts';
import type { UsageCatalogue } from './usage-meter.ts';

const invoicing = new Set(['active', 'trialing', 'past_due']);
const minute = 60;

/** The answer when nothing is metered (reporting off) or there is no period to meter. */
export const noUsage = (isReporting: boolean): UsageSummary => ({
  reporting: isReporting,
  metric: 'items_created',
  periodStart: null,
  periodEnd: null,
  quantity: 0,
  isBilled: false,
  unitAmount: null,
  projectedAmount: null,
  currency: 'usd',
});

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The usage of the customer's invoicing subscription's current period (its plan item's, as the
 * provider gives periods per item since basil), read from the meter's summaries: the provider's count
 * is the one the invoice will bill. Summaries take whole minutes: the period's start rounded down, now
 * rounded up. Stripe aggregates asynchronously, so an item made a moment ago may not show yet.
 */
export async function getUsage(
  deps: { stripe: Stripe; catalogue: UsageCatalogue; now?: () => number },
  customer: string,
): Promise<UsageSummary> {
  const subscriptions = await deps.stripe.subscriptions.list({ customer, status: 'all', limit: 10 });
  const live = subscriptions.data.find((subscription) => invoicing.has(subscription.status));
  // The plan's item, not the metered one: the periods are the same, and it is there from the start.
  const planItem = planItemOf(live);
  if (!live || !planItem) return noUsage(true);
  const start = planItem.current_period_start;
  const end = planItem.current_period_end;
  const now = Math.floor((deps.now?.() ?? Date.now()) / 1000);
  const startTime = Math.floor(start / minute) * minute;
  const endTime = Math.ceil(Math.min(now + 1, end) / minute) * minute;
  let quantity = 0;
  if (endTime > startTime) {
    const summaries = await deps.stripe.billing.meters.listEventSummaries(deps.catalogue.meterId, {
      customer,
      start_time: startTime,
      end_time: endTime,
    });
    quantity = summaries.data.reduce((sum, summary) => sum + summary.aggregated_value, 0);
  }
  const isBilled = hasMeteredItem(live, deps.catalogue.priceId);
  return {
    ...noUsage(true),
    periodStart: isoOf(start),
    periodEnd: isoOf(end),
    quantity,
    isBilled,
    unitAmount: isBilled ? deps.catalogue.unitAmount : null,
    projectedAmount: isBilled ? Math.round(quantity * Number(deps.catalogue.unitAmount)) : null,
    currency: deps.catalogue.currency,
  };
}
