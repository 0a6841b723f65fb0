import { formatPrice } from '@launchkit/plans';
import type { PaymentsContext } from '#payments/context.ts';
import { newId } from '#payments/ids.ts';
import { invoiceObject } from '#payments/objects/invoice-object.ts';
import { priceOf, productOf } from '#payments/objects/subscription-object.ts';
import type {
  CustomerRecord,
  InvoiceItemRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentError,
  PaymentsState,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { type EmittedEvent, type EventAbout, emitEvents } from '#payments/webhooks/emit-event.ts';
import { billedLine } from './billed-line.ts';
import { adjustInvoice, spendOnceDiscount } from './invoice-adjustments.ts';
import { meteredLines } from './meters.ts';
import { cardMessages } from './test-cards.ts';

/** What an invoice asks for: its total less the customer's credit, never below zero. */
export const amountDue = (invoice: InvoiceRecord) => Math.max(0, invoice.total + invoice.startingBalance);

const seats = (quantity: number) => `${quantity} seat${quantity === 1 ? '' : 's'}`;

/** The line of one period of a subscription: unit amount × seats. */
export function periodLine(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  period: { start: number; end: number },
): InvoiceLineRecord {
  const price = priceOf(state, subscription.item.price);
  const { quantity } = subscription.item;
  return billedLine({
    price,
    quantity,
    period,
    subscriptionItem: subscription.item.id,
    description: `${seats(quantity)} × ${productOf(state, price).name} (at ${formatPrice(price.unitAmount)} / ${price.interval})`,
  });
}

/**
 * A free trial's line on the invoice Stripe makes when the trial starts: the plan and seats at 0
 * (docs.stripe.com/billing/subscriptions/trials: "An immediate invoice is still created, but for $0").
 */
export function trialLine(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  period: { start: number; end: number },
): InvoiceLineRecord {
  const line = periodLine(state, subscription, period);
  const product = productOf(state, priceOf(state, subscription.item.price));
  return { ...line, amount: 0, description: `Trial period for ${product.name}` };
}

/** The line that bills an invoice item (a proration). */
export function itemLine(state: PaymentsState, item: InvoiceItemRecord): InvoiceLineRecord {
  return {
    id: newId('il'),
    price: item.price,
    quantity: item.quantity,
    unitAmount: priceOf(state, item.price).unitAmount,
    amount: item.amount,
    periodStart: item.periodStart,
    periodEnd: item.periodEnd,
    subscriptionItem: item.subscriptionItem,
    description: item.description,
    invoiceItem: item.id,
    proration: item.proration,
  };
}

/** The lines of a subscription's pending invoice items (prorations), which its next invoice takes. */
export function pendingItemLines(
  state: PaymentsState,
  subscription: SubscriptionRecord,
): InvoiceLineRecord[] {
  return [...state.invoiceItems.values()]
    .filter((item) => item.subscription === subscription.id && item.invoice === null)
    .map((item) => itemLine(state, item));
}

/**
 * A draft invoice of a subscription, as Stripe makes one: the pending invoice items, then (for a new
 * period) the period's line. The items are marked as billed on it.
 */
export function draftSubscriptionInvoice(
  state: PaymentsState,
  options: {
    customer: CustomerRecord;
    subscription: SubscriptionRecord;
    reason: InvoiceRecord['billingReason'];
    period: { start: number; end: number } | null;
    at: number;
    /** The period is a free trial: its line is "Trial period for …", at 0. */
    trial?: boolean;
  },
): InvoiceRecord {
  const { customer, subscription } = options;
  const lines = [
    ...pendingItemLines(state, subscription),
    ...(options.period
      ? [(options.trial ? trialLine : periodLine)(state, subscription, options.period)]
      : []),
    // A renewal bills the closing period's metered usage in arrears (billing/meters.ts).
    ...(options.reason === 'subscription_cycle' && options.period
      ? meteredLines(state, subscription, options.period.start, { commit: true })
      : []),
  ];
  const invoice = draftInvoice({
    id: newId('in'),
    customer,
    subscription,
    reason: options.reason,
    created: options.at,
    period: options.period ?? { start: options.at, end: options.at },
    currency: priceOf(state, subscription.item.price).currency,
    lines,
    startingBalance: 0,
  });
  for (const line of lines) {
    const item = line.invoiceItem ? state.invoiceItems.get(line.invoiceItem) : undefined;
    if (item) item.invoice = invoice.id;
  }
  spendOnceDiscount(invoice, subscription);
  state.invoices.set(invoice.id, invoice);
  return invoice;
}

/** A draft invoice of a subscription with these lines: nothing charged, numbered or stored yet. */
export function draftInvoice(draft: {
  id: string;
  customer: CustomerRecord;
  subscription: SubscriptionRecord;
  reason: InvoiceRecord['billingReason'];
  created: number;
  period: { start: number; end: number };
  currency: string;
  lines: InvoiceLineRecord[];
  startingBalance: number;
}): InvoiceRecord {
  const { customer, subscription, lines } = draft;
  const invoice: InvoiceRecord = {
    id: draft.id,
    number: null,
    customer: customer.id,
    subscription: subscription.id,
    subscriptionMetadata: { ...subscription.metadata },
    status: 'draft',
    billingReason: draft.reason,
    created: draft.created,
    periodStart: draft.period.start,
    periodEnd: draft.period.end,
    currency: draft.currency,
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    startingBalance: draft.startingBalance,
    endingBalance: null,
    amountPaid: 0,
    attemptCount: 0,
    nextPaymentAttempt: null,
    finalizedAt: null,
    hostedUrl: null,
    paidAt: null,
    customerEmail: customer.email,
    customerName: customer.name,
    paymentMethod: null,
    lastPaymentError: null,
  };
  adjustInvoice(invoice, subscription);
  return invoice;
}

/**
 * Finalizes a draft: its number, and the customer's balance applied (a credit lowers what is due; a
 * negative total becomes a credit for the next invoice).
 */
function finalizeInvoice(customer: CustomerRecord, invoice: InvoiceRecord, at: number) {
  invoice.number = `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`;
  customer.nextInvoiceSequence++;
  invoice.status = 'open';
  invoice.finalizedAt = at;
  invoice.startingBalance = customer.balance;
  const net = invoice.total + customer.balance;
  invoice.endingBalance = Math.min(0, net);
  customer.balance = invoice.endingBalance;
}

/**
 * Charges an invoice to a stored card. The first charge, made while the customer is on the checkout
 * page, succeeds for every card that got that far (the page already declined the others); later
 * charges fail for 4000 0000 0000 0341 and when there is no card at all.
 */
function payInvoice(
  state: PaymentsState,
  invoice: InvoiceRecord,
  paymentMethodId: string | null,
  options: { at: number; firstCharge: boolean; manual: boolean },
): 'paid' | 'failed' {
  invoice.paymentMethod = paymentMethodId;
  if (amountDue(invoice) === 0) {
    markPaid(invoice, options.at);
    return 'paid';
  }
  // Stripe's attempt_count: any first attempt counts, then only the automatic retries; an attempt made
  // on request (invoices.pay, the portal) after the first leaves the retry schedule as it was.
  if (!options.manual || invoice.attemptCount === 0) invoice.attemptCount++;
  // A card detached meanwhile cannot be charged.
  if (paymentMethodId && state.paymentMethods.get(paymentMethodId)?.customer !== invoice.customer) {
    paymentMethodId = null;
  }
  const method = paymentMethodId ? state.paymentMethods.get(paymentMethodId) : undefined;
  let failure: PaymentError | null = null;
  if (!method) {
    failure = {
      code: 'invoice_no_customer_payment_method',
      declineCode: null,
      message: 'This customer has no attached payment source or default payment method.',
    };
  } else if (!options.firstCharge && method.card.laterCharges === 'fails') {
    failure = { code: 'card_declined', declineCode: 'generic_decline', message: cardMessages.declined };
  }
  if (failure) {
    invoice.lastPaymentError = failure;
    return 'failed';
  }
  markPaid(invoice, options.at);
  return 'paid';
}

export function markPaid(invoice: InvoiceRecord, at: number) {
  invoice.status = 'paid';
  invoice.amountPaid = amountDue(invoice);
  invoice.paidAt = at;
  invoice.lastPaymentError = null;
}

type ChargeOptions = {
  customer: CustomerRecord;
  subscription: SubscriptionRecord;
  at: number;
  /** The checkout's own charge, which succeeds for every card that got that far. */
  firstCharge: boolean;
  /** When a failed charge is tried again (a renewal's and its retries'; null: never; absent: as it was). */
  retryAt?: number | null;
  /** An attempt asked for (invoices.pay, the portal) rather than one of the schedule's. */
  manual?: boolean;
  /** The card to charge instead of the subscription's, else the customer's, default. */
  paymentMethod?: string;
};

type ChargeResult = { outcome: 'paid' | 'failed'; events: EmittedEvent[] };

/**
 * Charges a finalized invoice to the subscription's card, else the customer's invoice default:
 * invoice.paid and invoice.payment_succeeded, or invoice.payment_failed, the invoice as it is then.
 */
function attemptPayment(
  context: PaymentsContext,
  invoice: InvoiceRecord,
  options: ChargeOptions,
): ChargeResult {
  const { state } = context.store;
  const paymentMethod =
    options.paymentMethod ??
    options.subscription.defaultPaymentMethod ??
    options.customer.defaultPaymentMethod;
  const outcome = payInvoice(state, invoice, paymentMethod, {
    at: options.at,
    firstCharge: options.firstCharge,
    manual: options.manual ?? false,
  });
  if (outcome === 'paid') invoice.nextPaymentAttempt = null;
  else if (options.retryAt !== undefined) invoice.nextPaymentAttempt = options.retryAt;
  const settled = invoiceObject(state, invoice);
  const events: EmittedEvent[] =
    outcome === 'paid'
      ? [
          { type: 'invoice.paid', object: settled },
          { type: 'invoice.payment_succeeded', object: structuredClone(settled) },
        ]
      : [{ type: 'invoice.payment_failed', object: settled }];
  return { outcome, events };
}

/**
 * Takes a draft through Stripe's steps (finalized, then charged) and answers the outcome with the
 * events of each step, the invoice as it was then: invoice.created, invoice.finalized, then
 * invoice.paid and invoice.payment_succeeded, or invoice.payment_failed. The caller sends them after
 * its own (customer.subscription.*).
 */
export function chargeInvoice(
  context: PaymentsContext,
  invoice: InvoiceRecord,
  options: ChargeOptions,
): ChargeResult {
  const { state } = context.store;
  const events: EmittedEvent[] = [{ type: 'invoice.created', object: invoiceObject(state, invoice) }];
  finalizeInvoice(options.customer, invoice, options.at);
  invoice.hostedUrl = context.urls.invoicePage(invoice.id);
  events.push({ type: 'invoice.finalized', object: invoiceObject(state, invoice) });
  const charged = attemptPayment(context, invoice, options);
  return { outcome: charged.outcome, events: [...events, ...charged.events] };
}

/** Charges an open invoice again: a retry of a failed renewal (billing/billing-clock.ts). */
export const retryInvoice = (
  context: PaymentsContext,
  invoice: InvoiceRecord,
  options: Omit<ChargeOptions, 'firstCharge'> & { retryAt: number | null },
): ChargeResult => attemptPayment(context, invoice, { ...options, firstCharge: false });

/** Charges an open invoice on request (invoices.pay, a card updated in the portal): not a retry. */
export const payOpenInvoiceNow = (
  context: PaymentsContext,
  invoice: InvoiceRecord,
  options: Omit<ChargeOptions, 'firstCharge' | 'retryAt' | 'manual'>,
): ChargeResult => attemptPayment(context, invoice, { ...options, firstCharge: false, manual: true });

/** Sends the events chargeInvoice collected. */
export const sendInvoiceEvents = (context: PaymentsContext, events: EmittedEvent[], about: EventAbout) =>
  emitEvents(context, events, about);
