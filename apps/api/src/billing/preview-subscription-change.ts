import type { SubscriptionChoice, SubscriptionPreview } from '@launchkit/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '#api/users/user-document.ts';
import { liveSubscriptionOf, type SubscriptionDeps, seatsInUse } from './live-subscription.ts';
import { callProvider } from './provider-errors.ts';
import { priceForChoice, providerNow } from './subscription-choice.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * What a change would charge, from the provider's own preview (`invoices.createPreview`) of the same
 * update the change then makes: prorated and invoiced at once (`always_invoice`) from the same second
 * (`prorationDate`), so the charge equals the preview. A change that prorates nothing (in a trial)
 * charges nothing now.
 */
export async function previewSubscriptionChange(
  deps: SubscriptionDeps,
  log: FastifyBaseLogger,
  user: UserRow,
  choice: SubscriptionChoice,
): Promise<SubscriptionPreview> {
  const live = await liveSubscriptionOf(deps, log, user);
  const price = priceForChoice(deps.plans, live, choice, await seatsInUse(deps.db, user.id));
  const { invoice, unitAmount, prorationDate } = await callProvider(log, 'preview the change', async () => {
    const prorationDate = await providerNow(deps.stripe, live.customer);
    const [invoice, newPrice] = await Promise.all([
      deps.stripe.invoices.createPreview({
        customer: live.customer,
        subscription: live.subscription.id,
        subscription_details: {
          items: [{ id: live.item.id, price, quantity: choice.seats }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      }),
      deps.stripe.prices.retrieve(price),
    ]);
    return { invoice, unitAmount: newPrice.unit_amount ?? 0, prorationDate };
  });
  const chargedNow = invoice.billing_reason === 'subscription_update';
  const lines = chargedNow ? invoice.lines.data : [];
  // A new billing period starts now when the period changes; else the renewal stays where it was.
  const newPeriod = lines.find((line) => !isProration(line));
  return {
    amountDueNow: chargedNow ? Math.max(invoice.total, 0) : 0,
    creditLeft: chargedNow ? Math.max(-invoice.total, 0) : 0,
    lines: lines.map((line) => ({ description: line.description ?? '', amount: line.amount })),
    nextAmount: unitAmount * choice.seats,
    nextDate: iso(newPeriod ? newPeriod.period.end : live.item.current_period_end),
    currency: invoice.currency,
    prorationDate,
  };
}

const isProration = (line: {
  parent?: { subscription_item_details?: { proration?: boolean } | null } | null;
}) => line.parent?.subscription_item_details?.proration === true;
