import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest } from '#payments/http/stripe-error.ts';
import { randomToken } from '#payments/ids.ts';
import { priceOf } from '#payments/objects/subscription-object.ts';
import type {
  CustomerRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { addPeriods } from './calendar.ts';
import { customerNow } from './customers.ts';
import { draftInvoice, itemLine, pendingItemLines, periodLine } from './invoices.ts';
import { meteredLines } from './meters.ts';
import { changesInterval, isEnded, type ProrationBehavior, prorationItems } from './subscriptions.ts';

export type PreviewRequest = {
  customer: CustomerRecord;
  subscription: SubscriptionRecord;
  /** The plan or seat change to preview (`subscription_details[items]`). */
  change: { price?: string; quantity?: number };
  prorationBehavior: ProrationBehavior;
  prorationDate: number | undefined;
  /** `next`: the next invoice; `recurring`: what every period costs, without one-off items. */
  mode: 'next' | 'recurring';
};

const noUpcoming = (customer: string) =>
  invalidRequest(`No upcoming invoices for customer: ${customer}`, { code: 'invoice_upcoming_none' });

/**
 * The invoice `invoices.createPreview` shows, made up and never stored: with always_invoice and a
 * change, the proration invoice that change would bill now; otherwise the subscription's next invoice
 * at the end of its period (or trial): pending items, this change's prorations, and the next period
 * at the new plan and seats.
 */
export function previewInvoice(context: PaymentsContext, request: PreviewRequest): InvoiceRecord {
  const { state } = context.store;
  const { customer, subscription } = request;
  if (isEnded(subscription) || subscription.status === 'incomplete' || subscription.cancelAtPeriodEnd) {
    throw noUpcoming(customer.id);
  }
  const now = customerNow(state, customer);
  const next = {
    price: request.change.price ?? subscription.item.price,
    quantity: request.change.quantity ?? subscription.item.quantity,
  };
  const prorations =
    request.prorationBehavior === 'none'
      ? []
      : prorationItems(state, subscription, next, request.prorationDate ?? now);
  const changed: SubscriptionRecord = { ...subscription, item: { ...subscription.item, ...next } };
  let lines: InvoiceLineRecord[];
  let reason: InvoiceRecord['billingReason'];
  let period: { start: number; end: number };
  if (changesInterval(state, subscription, request.change.price) && request.mode === 'next') {
    // The change starts a new period now and bills it whole, whatever the proration behavior.
    period = { start: now, end: addPeriods(now, 1, priceOf(state, next.price).interval) };
    lines = [...prorations.map((item) => itemLine(state, item)), periodLine(state, changed, period)];
    reason = 'subscription_update';
  } else if (
    request.prorationBehavior === 'always_invoice' &&
    prorations.length > 0 &&
    request.mode === 'next'
  ) {
    lines = prorations.map((item) => itemLine(state, item));
    reason = 'subscription_update';
    period = { start: now, end: now };
  } else {
    const start =
      subscription.status === 'trialing' ? (subscription.trialEnd ?? now) : subscription.currentPeriodEnd;
    const interval = priceOf(state, next.price).interval;
    const end =
      subscription.status === 'trialing'
        ? addPeriods(start, 1, interval)
        : addPeriods(subscription.billingCycleAnchor, subscription.periodIndex + 1, interval);
    period = { start, end };
    reason = 'subscription_cycle';
    lines = [
      ...(request.mode === 'next'
        ? [...pendingItemLines(state, subscription), ...prorations.map((item) => itemLine(state, item))]
        : []),
      periodLine(state, changed, period),
      // The usage so far of the period that the next invoice closes (billing/meters.ts).
      ...(request.mode === 'next' ? meteredLines(state, subscription, start, { commit: false }) : []),
    ];
  }
  return draftInvoice({
    id: `upcoming_in_${randomToken(24)}`,
    customer,
    subscription,
    reason,
    created: period.start,
    period,
    currency: priceOf(state, next.price).currency,
    lines,
    startingBalance: customer.balance,
  });
}
