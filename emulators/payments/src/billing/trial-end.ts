import type { PaymentsContext } from '#payments/context.ts';
import { priceOf, subscriptionObject } from '#payments/objects/subscription-object.ts';
import type { CustomerRecord, SubscriptionRecord } from '#payments/storage/payments-state.ts';
import {
  automaticOrigin,
  type EventOrigin,
  emitEvent,
  previousAttributes,
} from '#payments/webhooks/emit-event.ts';
import { addPeriods } from './calendar.ts';
import { chargeInvoice, draftSubscriptionInvoice, sendInvoiceEvents } from './invoices.ts';

// A trial that ends with no card to charge, as Stripe documents it
// (docs.stripe.com/billing/subscriptions/trials/free-trials, "Free trials without payment
// methods"): `trial_settings.end_behavior.missing_payment_method` cancels the subscription, pauses it
// (status paused, customer.subscription.paused; no invoice until it is resumed), or — Stripe's
// default — invoices as usual (the invoice then fails for want of a card).

/** Whether the trial's end finds no card: none on the subscription, none as the customer's default. */
export const endsWithoutCard = (customer: CustomerRecord, subscription: SubscriptionRecord) =>
  subscription.status === 'trialing' &&
  subscription.defaultPaymentMethod === null &&
  customer.defaultPaymentMethod === null;

/**
 * Ends a trial that has no card as its `missing_payment_method` says; false when that is
 * create_invoice (the renewal goes on as usual).
 */
export function endTrialWithoutCard(
  context: PaymentsContext,
  customer: CustomerRecord,
  subscription: SubscriptionRecord,
  at: number,
): boolean {
  const behavior = subscription.missingPaymentMethod ?? 'create_invoice';
  if (behavior === 'create_invoice') return false;
  const { state } = context.store;
  const about = { origin: automaticOrigin, customer: customer.id };
  const before = subscriptionObject(state, subscription);
  if (behavior === 'cancel') {
    subscription.status = 'canceled';
    subscription.canceledAt = at;
    subscription.endedAt = at;
    emitEvent(context, 'customer.subscription.deleted', subscriptionObject(state, subscription), about);
    return true;
  }
  subscription.status = 'paused';
  subscription.currentPeriodStart = at;
  subscription.currentPeriodEnd = at;
  const after = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.paused', after, about);
  emitEvent(context, 'customer.subscription.updated', after, {
    ...about,
    previousAttributes: previousAttributes(before, after),
  });
  return true;
}

/**
 * subscriptions.resume of a paused subscription: a new period from now (`billing_cycle_anchor: now`,
 * the only anchor a paused trial can take) invoiced and charged at once; active when paid, else
 * past_due (Stripe's default `resume_on_payment_attempt`). customer.subscription.resumed, then the
 * update and the invoice's events.
 */
export function resumeSubscription(
  context: PaymentsContext,
  customer: CustomerRecord,
  subscription: SubscriptionRecord,
  now: number,
  origin: EventOrigin,
) {
  const { state } = context.store;
  const before = subscriptionObject(state, subscription);
  subscription.status = 'active';
  subscription.billingCycleAnchor = now;
  subscription.periodIndex = 1;
  subscription.currentPeriodStart = now;
  subscription.currentPeriodEnd = addPeriods(now, 1, priceOf(state, subscription.item.price).interval);
  const invoice = draftSubscriptionInvoice(state, {
    customer,
    subscription,
    reason: 'subscription_cycle',
    period: { start: now, end: subscription.currentPeriodEnd },
    at: now,
  });
  subscription.latestInvoice = invoice.id;
  const charged = chargeInvoice(context, invoice, { customer, subscription, at: now, firstCharge: false });
  if (charged.outcome === 'failed') subscription.status = 'past_due';
  const after = subscriptionObject(state, subscription);
  const about = { origin, customer: customer.id };
  emitEvent(context, 'customer.subscription.resumed', after, about);
  emitEvent(context, 'customer.subscription.updated', after, {
    ...about,
    previousAttributes: previousAttributes(before, after),
  });
  sendInvoiceEvents(context, charged.events, about);
}
