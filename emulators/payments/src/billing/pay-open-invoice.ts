import type { PaymentsContext } from '#payments/context.ts';
import { invoiceObject } from '#payments/objects/invoice-object.ts';
import { subscriptionObject } from '#payments/objects/subscription-object.ts';
import type { InvoiceRecord, PaymentError } from '#payments/storage/payments-state.ts';
import { type EventOrigin, emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { customerNow } from './customers.ts';
import { markPaid, payOpenInvoiceNow, sendInvoiceEvents } from './invoices.ts';

// A subscription waiting on its invoice: paying it makes the subscription active again.
const waitingStatuses = new Set(['past_due', 'unpaid', 'incomplete']);

/**
 * Pays an open invoice now, with `paymentMethod` or else the subscription's card, else the customer's
 * invoice default (invoices.pay; the portal after a card update). Paid: invoice.paid and
 * invoice.payment_succeeded, then the subscription active again (customer.subscription.updated), as
 * a successful retry does. Failed: invoice.payment_failed, the attempt recorded on the invoice
 * (`attempt_count` counts only a first attempt; the retry schedule is left as it was).
 */
export function payOpenInvoice(
  context: PaymentsContext,
  invoice: InvoiceRecord,
  options: { paymentMethod?: string; origin: EventOrigin },
): { outcome: 'paid' | 'failed'; error: PaymentError | null } {
  const { state } = context.store;
  const customer = state.customers.get(invoice.customer);
  const subscription = state.subscriptions.get(invoice.subscription);
  if (!customer || !subscription) throw new Error(`invoice ${invoice.id} has no customer or subscription`);
  const about = { origin: options.origin, customer: customer.id };
  const before = subscriptionObject(state, subscription);
  const charged = payOpenInvoiceNow(context, invoice, {
    customer,
    subscription,
    at: customerNow(state, customer),
    ...(options.paymentMethod && { paymentMethod: options.paymentMethod }),
  });
  sendInvoiceEvents(context, charged.events, about);
  if (charged.outcome === 'paid') reactivate(context, invoice, before, options.origin);
  return { outcome: charged.outcome, error: invoice.lastPaymentError };
}

/** `invoices.pay` with `paid_out_of_band`: paid without a charge (invoice.paid only). */
export function markPaidOutOfBand(context: PaymentsContext, invoice: InvoiceRecord, origin: EventOrigin) {
  const { state } = context.store;
  const customer = state.customers.get(invoice.customer);
  const subscription = state.subscriptions.get(invoice.subscription);
  if (!customer || !subscription) throw new Error(`invoice ${invoice.id} has no customer or subscription`);
  const before = subscriptionObject(state, subscription);
  markPaid(invoice, customerNow(state, customer));
  invoice.nextPaymentAttempt = null;
  emitEvent(context, 'invoice.paid', invoiceObject(state, invoice), { origin, customer: customer.id });
  reactivate(context, invoice, before, origin);
}

/** A subscription whose latest invoice was just paid is active again (customer.subscription.updated). */
function reactivate(
  context: PaymentsContext,
  invoice: InvoiceRecord,
  before: ReturnType<typeof subscriptionObject>,
  origin: EventOrigin,
) {
  const { state } = context.store;
  const subscription = state.subscriptions.get(invoice.subscription);
  if (!subscription || subscription.latestInvoice !== invoice.id) return;
  if (!waitingStatuses.has(subscription.status)) return;
  subscription.status = 'active';
  const after = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.updated', after, {
    origin,
    customer: subscription.customer,
    previousAttributes: previousAttributes(before, after),
  });
}
