import type { PaymentsContext } from '../context.ts';
import { newId } from '../ids.ts';
import { invoiceObject } from '../objects/invoice-object.ts';
import { subscriptionObject } from '../objects/subscription-object.ts';
import type {
  CancellationDetails,
  CustomerRecord,
  InvoiceRecord,
  Metadata,
  PriceRecord,
  SubscriptionRecord,
} from '../storage/payments-state.ts';
import { type EventOrigin, emitEvent, previousAttributes } from '../webhooks/emit-event.ts';
import { addMonths, daySeconds } from './calendar.ts';
import { customerNow } from './customers.ts';
import { createSubscriptionInvoice, payInvoice } from './invoices.ts';

/** Statuses after which nothing more happens to a subscription. */
export const endedStatuses = new Set(['canceled', 'incomplete_expired']);
export const isEnded = (subscription: SubscriptionRecord) => endedStatuses.has(subscription.status);

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
};

/**
 * A new subscription: trialing without a charge, or charged for its first month at once (active, or
 * incomplete when the charge fails). Emits customer.subscription.created, then invoice.paid or
 * invoice.payment_failed.
 */
export function startSubscription(context: PaymentsContext, start: SubscriptionStart) {
  const { state } = context.store;
  const now = customerNow(start.customer);
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
    currentPeriodEnd: trialEnd ?? addMonths(now, 1),
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
  };
  let invoice: InvoiceRecord | null = null;
  let outcome: 'paid' | 'failed' | null = null;
  if (!trialEnd) {
    invoice = createSubscriptionInvoice(state, {
      customer: start.customer,
      subscription,
      reason: 'subscription_create',
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      at: now,
    });
    outcome = payInvoice(state, invoice, start.paymentMethod ?? start.customer.defaultPaymentMethod, {
      at: now,
      firstCharge: start.firstCharge,
    });
    if (outcome === 'failed') subscription.status = 'incomplete';
    subscription.latestInvoice = invoice.id;
  }
  state.subscriptions.set(subscription.id, subscription);

  const about = { origin: start.origin, customer: start.customer.id };
  emitEvent(context, 'customer.subscription.created', subscriptionObject(state, subscription), about);
  if (invoice) {
    const type = outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed';
    emitEvent(context, type, invoiceObject(state, invoice), about);
  }
  return { subscription, invoice };
}

export type SubscriptionChange = {
  price?: string;
  quantity?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Metadata;
  defaultPaymentMethod?: string | null;
};

/**
 * Changes a live subscription (plan, seats, cancellation at period end, metadata) and emits
 * customer.subscription.updated with previous_attributes when anything changed. A new price or
 * quantity applies from the next invoice; nothing is prorated.
 */
export function changeSubscription(
  context: PaymentsContext,
  subscription: SubscriptionRecord,
  change: SubscriptionChange,
  origin: EventOrigin,
): boolean {
  const { state } = context.store;
  const customer = state.customers.get(subscription.customer);
  const now = customer ? customerNow(customer) : subscription.currentPeriodStart;
  const before = subscriptionObject(state, subscription);
  if (change.price !== undefined) subscription.item.price = change.price;
  if (change.quantity !== undefined) subscription.item.quantity = change.quantity;
  if (change.metadata !== undefined) subscription.metadata = change.metadata;
  if (change.defaultPaymentMethod !== undefined)
    subscription.defaultPaymentMethod = change.defaultPaymentMethod;
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
  const after = subscriptionObject(state, subscription);
  const changed = previousAttributes(before, after);
  if (Object.keys(changed).length === 0) return false;
  emitEvent(context, 'customer.subscription.updated', after, {
    origin,
    customer: subscription.customer,
    previousAttributes: changed,
  });
  return true;
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
  const now = customer ? customerNow(customer) : subscription.currentPeriodStart;
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
