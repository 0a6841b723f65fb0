import type { PaymentsContext } from '#payments/context.ts';
import { newId } from '#payments/ids.ts';
import { customerObject } from '#payments/objects/customer-object.ts';
import { invoiceItemObject } from '#payments/objects/invoice-item-object.ts';
import { priceOf, productOf, subscriptionObject } from '#payments/objects/subscription-object.ts';
import type {
  CancellationDetails,
  CustomerRecord,
  DiscountRecord,
  InvoiceItemRecord,
  InvoiceRecord,
  Metadata,
  MissingPaymentMethod,
  PaymentsState,
  PriceRecord,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { type EventOrigin, emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { addPeriods, daySeconds } from './calendar.ts';
import { customerNow } from './customers.ts';
import { chargeInvoice, draftSubscriptionInvoice, sendInvoiceEvents } from './invoices.ts';

/** Statuses after which nothing more happens to a subscription. */
export const endedStatuses = new Set(['canceled', 'incomplete_expired']);
export const isEnded = (subscription: SubscriptionRecord) => endedStatuses.has(subscription.status);

// Stripe's proration lines read "Unused time on 5 × Pro after 16 Jan 2030" (UTC; "Sep", never "Sept").
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const prorationDay = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

/** Stripe sends customer.subscription.trial_will_end this long before a trial ends. */
export const trialWillEndNotice = 3 * daySeconds;

export const prorationBehaviors = ['always_invoice', 'create_prorations', 'none'] as const;
export type ProrationBehavior = (typeof prorationBehaviors)[number];

export type SubscriptionStart = {
  customer: CustomerRecord;
  price: PriceRecord;
  quantity: number;
  trialDays: number | null;
  metadata: Metadata;
  paymentMethod: string | null;
  /** Charged on the checkout page (the card was just accepted) rather than later. */
  firstCharge: boolean;
  origin: EventOrigin;
  /** What the trial's end does without a card (`trial_settings`). */
  missingPaymentMethod?: MissingPaymentMethod;
  /** A promotion code redeemed at checkout, and Checkout's automatic tax (billing/invoice-adjustments.ts). */
  discount?: DiscountRecord | null;
  automaticTax?: boolean;
};

/**
 * A new subscription: trialing with an invoice for 0, or charged for its first month at once (active,
 * or incomplete when the charge fails). Emits customer.subscription.created, then the invoice's events
 * (invoice.created, invoice.finalized, invoice.paid and invoice.payment_succeeded, or
 * invoice.payment_failed); a trial shorter than three days also gets its trial_will_end at once.
 */
export function startSubscription(context: PaymentsContext, start: SubscriptionStart) {
  const { state } = context.store;
  const now = customerNow(state, start.customer);
  const trialEnd = start.trialDays ? now + start.trialDays * daySeconds : null;
  const subscription: SubscriptionRecord = {
    id: newId('sub'),
    customer: start.customer.id,
    status: trialEnd ? 'trialing' : 'active',
    created: now,
    startDate: now,
    billingCycleAnchor: trialEnd ?? now,
    periodIndex: trialEnd ? 0 : 1,
    item: { id: newId('si'), price: start.price.id, quantity: start.quantity, created: now, metadata: {} },
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd ?? addPeriods(now, 1, start.price.interval),
    trialStart: trialEnd ? now : null,
    trialEnd,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    cancellationDetails: { reason: null, comment: null, feedback: null },
    latestInvoice: null,
    defaultPaymentMethod: start.paymentMethod,
    metadata: { ...start.metadata },
    trialWillEndSent: false,
    ...(start.missingPaymentMethod && { missingPaymentMethod: start.missingPaymentMethod }),
    ...(start.discount && { discount: start.discount }),
    ...(start.automaticTax && { automaticTax: true }),
  };
  state.subscriptions.set(subscription.id, subscription);
  // A trial gets its invoice too, for 0 (paid at once), as Stripe makes one.
  const invoice: InvoiceRecord = draftSubscriptionInvoice(state, {
    customer: start.customer,
    subscription,
    reason: 'subscription_create',
    period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
    at: now,
    trial: trialEnd !== null,
  });
  const charged = chargeInvoice(context, invoice, {
    customer: start.customer,
    subscription,
    at: now,
    firstCharge: start.firstCharge,
  });
  if (charged.outcome === 'failed') subscription.status = 'incomplete';
  subscription.latestInvoice = invoice.id;
  const about = { origin: start.origin, customer: start.customer.id };
  emitEvent(context, 'customer.subscription.created', subscriptionObject(state, subscription), about);
  sendInvoiceEvents(context, charged.events, about);
  if (trialEnd !== null && trialEnd - trialWillEndNotice <= now)
    sendTrialWillEnd(context, subscription, about);
  return { subscription, invoice };
}

/** customer.subscription.trial_will_end, once per trial. */
export function sendTrialWillEnd(
  context: PaymentsContext,
  subscription: SubscriptionRecord,
  about: { origin: EventOrigin; customer: string },
) {
  subscription.trialWillEndSent = true;
  emitEvent(
    context,
    'customer.subscription.trial_will_end',
    subscriptionObject(context.store.state, subscription),
    about,
  );
}

export type SubscriptionChange = {
  price?: string;
  quantity?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Metadata;
  defaultPaymentMethod?: string | null;
  prorationBehavior?: ProrationBehavior;
  /** When the change counts from for prorations; now by default. */
  prorationDate?: number;
  /** A trial's new end (seconds), checked by update-subscription.ts: only while trialing, in the future. */
  trialEnd?: number;
};

/**
 * Whether a live (billed) subscription moves to a price of another interval, monthly ↔ yearly. Stripe
 * then starts a new period at once, anchored at the change, and bills it in full with a credit for
 * the old period's unused time (docs.stripe.com/billing/subscriptions/upgrade-downgrade, "Changing
 * the billing interval").
 */
export function changesInterval(state: PaymentsState, subscription: SubscriptionRecord, price?: string) {
  if (price === undefined) return false;
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return false;
  return priceOf(state, price).interval !== priceOf(state, subscription.item.price).interval;
}

/**
 * The proration items a plan or seat change makes, as Stripe computes them: a credit for the unused
 * time of the old price and quantity, a charge for the remaining time at the new ones, each the
 * period's amount × the share of the period left (to the second). A change of interval keeps only the
 * credit: the new period is billed whole (changesInterval). None during a trial (it costs nothing) or
 * when nothing billable changes. Not stored.
 */
export function prorationItems(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  next: { price: string; quantity: number },
  at: number,
): InvoiceItemRecord[] {
  const { item } = subscription;
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return [];
  if (next.price === item.price && next.quantity === item.quantity) return [];
  const length = subscription.currentPeriodEnd - subscription.currentPeriodStart;
  const left = Math.min(Math.max(subscription.currentPeriodEnd - at, 0), length);
  if (length <= 0 || left === 0) return [];
  const share = left / length;
  const make = (priceId: string, quantity: number, sign: 1 | -1): InvoiceItemRecord => {
    const price = priceOf(state, priceId);
    const what = `${quantity} × ${productOf(state, price).name}`;
    return {
      id: newId('ii'),
      customer: subscription.customer,
      subscription: subscription.id,
      subscriptionItem: item.id,
      price: price.id,
      quantity,
      amount: sign * Math.round(price.unitAmount * quantity * share),
      currency: price.currency,
      description: `${sign < 0 ? 'Unused' : 'Remaining'} time on ${what} after ${prorationDay(at)}`,
      periodStart: at,
      periodEnd: subscription.currentPeriodEnd,
      proration: true,
      date: at,
      invoice: null,
      metadata: {},
    };
  };
  const charges = changesInterval(state, subscription, next.price)
    ? []
    : [make(next.price, next.quantity, 1)];
  return [make(item.price, item.quantity, -1), ...charges].filter((each) => each.amount !== 0);
}

/**
 * Changes a live subscription (plan, seats, cancellation at period end, metadata, card) and emits
 * customer.subscription.updated with previous_attributes when anything changed. A plan or seat change
 * is prorated as `prorationBehavior` says (Stripe's default, create_prorations: items billed on the
 * next invoice; always_invoice: an invoice now, with its events; none: nothing).
 */
export function changeSubscription(
  context: PaymentsContext,
  subscription: SubscriptionRecord,
  change: SubscriptionChange,
  origin: EventOrigin,
): boolean {
  const { state } = context.store;
  const customer = state.customers.get(subscription.customer);
  const now = customer ? customerNow(state, customer) : subscription.currentPeriodStart;
  const before = subscriptionObject(state, subscription);
  const behavior = change.prorationBehavior ?? 'create_prorations';
  const prorations =
    behavior === 'none'
      ? []
      : prorationItems(
          state,
          subscription,
          {
            price: change.price ?? subscription.item.price,
            quantity: change.quantity ?? subscription.item.quantity,
          },
          change.prorationDate ?? now,
        );
  for (const item of prorations) state.invoiceItems.set(item.id, item);
  // As created: pending, before an always_invoice invoice takes them.
  const createdItems = prorations.map((item) => invoiceItemObject(state, item));
  const restarts = changesInterval(state, subscription, change.price);
  if (change.price !== undefined) subscription.item.price = change.price;
  if (change.quantity !== undefined) subscription.item.quantity = change.quantity;
  if (restarts) restartPeriod(state, subscription, now);
  if (change.metadata !== undefined) subscription.metadata = change.metadata;
  if (change.defaultPaymentMethod !== undefined)
    subscription.defaultPaymentMethod = change.defaultPaymentMethod;
  if (change.trialEnd !== undefined) moveTrialEnd(subscription, change.trialEnd, now);
  if (change.cancelAtPeriodEnd === true && !subscription.cancelAtPeriodEnd) {
    subscription.cancelAtPeriodEnd = true;
    subscription.cancelAt = subscription.currentPeriodEnd;
    subscription.canceledAt = now;
    subscription.cancellationDetails = {
      ...subscription.cancellationDetails,
      reason: 'cancellation_requested',
    };
  } else if (change.cancelAtPeriodEnd === false && subscription.cancelAtPeriodEnd) {
    subscription.cancelAtPeriodEnd = false;
    subscription.cancelAt = null;
    subscription.canceledAt = null;
    subscription.cancellationDetails = { reason: null, comment: null, feedback: null };
  }
  let charged: ReturnType<typeof chargeInvoice> | null = null;
  if (((behavior === 'always_invoice' && prorations.length > 0) || restarts) && customer) {
    const invoice = draftSubscriptionInvoice(state, {
      customer,
      subscription,
      reason: 'subscription_update',
      period: restarts ? { start: now, end: subscription.currentPeriodEnd } : null,
      at: now,
    });
    charged = chargeInvoice(context, invoice, { customer, subscription, at: now, firstCharge: false });
    subscription.latestInvoice = invoice.id;
  }
  const after = subscriptionObject(state, subscription);
  const changed = previousAttributes(before, after);
  if (Object.keys(changed).length === 0) return false;
  const about = { origin, customer: subscription.customer };
  emitEvent(context, 'customer.subscription.updated', after, { ...about, previousAttributes: changed });
  for (const item of createdItems) emitEvent(context, 'invoiceitem.created', item, about);
  if (charged) sendInvoiceEvents(context, charged.events, about);
  return true;
}

/** A new first period from `now` at the subscription's (new) price's interval: the anchor moves to now. */
function restartPeriod(state: PaymentsState, subscription: SubscriptionRecord, now: number) {
  subscription.billingCycleAnchor = now;
  subscription.periodIndex = 1;
  subscription.currentPeriodStart = now;
  subscription.currentPeriodEnd = addPeriods(now, 1, priceOf(state, subscription.item.price).interval);
}

/** Ends a subscription now: canceled, ended_at now, customer.subscription.deleted. */
export function cancelSubscriptionNow(
  context: PaymentsContext,
  subscription: SubscriptionRecord,
  details: Omit<CancellationDetails, 'reason'> & { reason?: CancellationDetails['reason'] },
  origin: EventOrigin,
) {
  const { state } = context.store;
  const customer = state.customers.get(subscription.customer);
  const now = customer ? customerNow(state, customer) : subscription.currentPeriodStart;
  subscription.status = 'canceled';
  subscription.canceledAt = now;
  subscription.endedAt = now;
  subscription.cancelAtPeriodEnd = false;
  subscription.cancelAt = null;
  subscription.cancellationDetails = {
    reason: details.reason ?? 'cancellation_requested',
    comment: details.comment,
    feedback: details.feedback,
  };
  emitEvent(context, 'customer.subscription.deleted', subscriptionObject(state, subscription), {
    origin,
    customer: subscription.customer,
  });
}

/** Deletes a customer as Stripe does: its live subscriptions end at once, then customer.deleted. */
export function deleteCustomer(context: PaymentsContext, customer: CustomerRecord, origin: EventOrigin) {
  const { state } = context.store;
  for (const subscription of state.subscriptions.values()) {
    if (subscription.customer === customer.id && !isEnded(subscription)) {
      cancelSubscriptionNow(context, subscription, { comment: null, feedback: null }, origin);
    }
  }
  const last = customerObject(state, customer);
  customer.deleted = true;
  emitEvent(context, 'customer.deleted', last, { origin, customer: customer.id });
}

/**
 * subscriptions.update with `trial_end` on a trialing subscription (docs.stripe.com/api/subscriptions/update,
 * "trial_end"): the trial, and with it the current period, now ends then; the next period is anchored
 * there, and customer.subscription.trial_will_end goes out again three days before the new end unless
 * that moment has passed.
 */
function moveTrialEnd(subscription: SubscriptionRecord, trialEnd: number, now: number) {
  subscription.trialEnd = trialEnd;
  subscription.currentPeriodEnd = trialEnd;
  subscription.billingCycleAnchor = trialEnd;
  subscription.trialWillEndSent = trialEnd - trialWillEndNotice <= now;
}
