import type { PaymentsContext } from '#payments/context.ts';
import { priceOf, subscriptionObject } from '#payments/objects/subscription-object.ts';
import type { CustomerRecord, PaymentsState, SubscriptionRecord } from '#payments/storage/payments-state.ts';
import { automaticOrigin, emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { addPeriods } from './calendar.ts';
import { chargeInvoice, draftSubscriptionInvoice, retryInvoice, sendInvoiceEvents } from './invoices.ts';
import { sendTrialWillEnd, trialWillEndNotice } from './subscriptions.ts';
import { endsWithoutCard, endTrialWithoutCard } from './trial-end.ts';

// Stripe lets the first invoice of an incomplete subscription be paid for 23 hours.
const incompleteLifetime = 23 * 60 * 60;
const day = 24 * 60 * 60;

/**
 * A failed renewal's charge is tried again this many days after the previous try, as a custom retry
 * schedule in Stripe's revenue-recovery settings does (docs.stripe.com/billing/revenue-recovery/
 * smart-retries, "custom retry schedule"); when every try failed the subscription is cancelled (the
 * settings' default) and its invoice left open.
 */
export const paymentRetryDays = [3, 5, 7];

type Due = { kind: 'trial_will_end' | 'period_end' | 'incomplete_expiry' | 'payment_retry'; at: number };

/** The next try of a failed renewal's charge after try number `attempts` (1: the renewal), or null. */
const retryAfter = (attempts: number, at: number) => {
  const days = paymentRetryDays[attempts - 1];
  return days === undefined ? null : at + days * day;
};

/** What next happens to a subscription on its own, or null if nothing will. */
function nextDue(state: PaymentsState, subscription: SubscriptionRecord): Due | null {
  if (subscription.status === 'past_due') {
    const invoice = subscription.latestInvoice ? state.invoices.get(subscription.latestInvoice) : undefined;
    const retry = invoice?.status === 'open' ? invoice.nextPaymentAttempt : null;
    if (retry && retry < subscription.currentPeriodEnd) return { kind: 'payment_retry', at: retry };
  }
  switch (subscription.status) {
    case 'trialing': {
      const end = subscription.trialEnd ?? subscription.currentPeriodEnd;
      if (!subscription.trialWillEndSent) return { kind: 'trial_will_end', at: end - trialWillEndNotice };
      return { kind: 'period_end', at: end };
    }
    case 'active':
    case 'past_due':
      return { kind: 'period_end', at: subscription.currentPeriodEnd };
    case 'incomplete':
      return { kind: 'incomplete_expiry', at: subscription.created + incompleteLifetime };
    default:
      return null;
  }
}

/**
 * Runs, in time order, what has fallen due up to `now` for some customers (one real-time customer,
 * or every customer of a test clock): trial_will_end notices, trial ends and renewals (a new period
 * and its invoice, charged to the stored card: active, or past_due when the charge fails),
 * cancellations at period end, and incomplete subscriptions expiring. Returns how many happened.
 */
export function runDueWork(context: PaymentsContext, customers: CustomerRecord[], now: number): number {
  const { state } = context.store;
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  let transitions = 0;
  // A bound on the loop; two years of monthly renewals of a handful of subscriptions fit easily.
  for (let guard = 0; guard < 10_000; guard++) {
    let next: { subscription: SubscriptionRecord; customer: CustomerRecord; due: Due } | undefined;
    for (const subscription of state.subscriptions.values()) {
      const customer = byId.get(subscription.customer);
      if (!customer) continue;
      const due = nextDue(state, subscription);
      if (due && due.at <= now && (!next || due.at < next.due.at)) next = { subscription, customer, due };
    }
    if (!next) break;
    applyDue(context, next.customer, next.subscription, next.due);
    transitions++;
  }
  return transitions;
}

function applyDue(
  context: PaymentsContext,
  customer: CustomerRecord,
  subscription: SubscriptionRecord,
  due: Due,
) {
  const { state } = context.store;
  const { at } = due;
  const about = { origin: automaticOrigin, customer: customer.id };
  if (due.kind === 'trial_will_end') {
    sendTrialWillEnd(context, subscription, about);
    return;
  }
  const before = subscriptionObject(state, subscription);

  if (due.kind === 'payment_retry') {
    retryRenewal(context, customer, subscription, at, before);
    return;
  }

  if (due.kind === 'incomplete_expiry') {
    subscription.status = 'incomplete_expired';
    subscription.endedAt = at;
    const after = subscriptionObject(state, subscription);
    emitEvent(context, 'customer.subscription.updated', after, {
      ...about,
      previousAttributes: previousAttributes(before, after),
    });
    return;
  }

  if (subscription.cancelAtPeriodEnd) {
    subscription.status = 'canceled';
    subscription.endedAt = at;
    subscription.cancellationDetails = {
      ...subscription.cancellationDetails,
      reason: 'cancellation_requested',
    };
    emitEvent(context, 'customer.subscription.deleted', subscriptionObject(state, subscription), about);
    return;
  }

  if (endsWithoutCard(customer, subscription) && endTrialWithoutCard(context, customer, subscription, at)) {
    return;
  }
  renewSubscription(context, { customer, subscription, at, before });
}

/**
 * A trial ends or a period ends: the next period starts (a trial's subscription is active from
 * then) and is invoiced with what is pending. As Stripe reports it, the subscription's update comes
 * first, then the invoice's events; a failed charge then makes it past_due, in a second update.
 */
function renewSubscription(
  context: PaymentsContext,
  renewal: {
    customer: CustomerRecord;
    subscription: SubscriptionRecord;
    at: number;
    before: ReturnType<typeof subscriptionObject>;
  },
) {
  const { customer, subscription, at, before } = renewal;
  const { state } = context.store;
  const about = { origin: automaticOrigin, customer: customer.id };
  if (subscription.status === 'trialing') {
    subscription.billingCycleAnchor = at;
    subscription.periodIndex = 1;
    subscription.status = 'active';
  } else {
    subscription.periodIndex++;
  }
  subscription.currentPeriodStart = at;
  subscription.currentPeriodEnd = addPeriods(
    subscription.billingCycleAnchor,
    subscription.periodIndex,
    priceOf(state, subscription.item.price).interval,
  );
  const invoice = draftSubscriptionInvoice(state, {
    customer,
    subscription,
    reason: 'subscription_cycle',
    period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
    at,
  });
  subscription.latestInvoice = invoice.id;
  const renewed = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.updated', renewed, {
    ...about,
    previousAttributes: previousAttributes(before, renewed),
  });
  const charged = chargeInvoice(context, invoice, {
    customer,
    subscription,
    at,
    firstCharge: false,
    retryAt: retryAfter(1, at),
  });
  sendInvoiceEvents(context, charged.events, about);
  if (charged.outcome === 'paid' || subscription.status === 'past_due') return;
  const current = subscriptionObject(state, subscription);
  subscription.status = 'past_due';
  const after = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.updated', after, {
    ...about,
    previousAttributes: previousAttributes(current, after),
  });
}

/**
 * Tries a failed renewal's charge again: paid, the subscription is active again; failed, the next try
 * is set, or after the last one the subscription is cancelled (customer.subscription.deleted).
 */
function retryRenewal(
  context: PaymentsContext,
  customer: CustomerRecord,
  subscription: SubscriptionRecord,
  at: number,
  before: ReturnType<typeof subscriptionObject>,
) {
  const { state } = context.store;
  const invoice = state.invoices.get(subscription.latestInvoice ?? '');
  if (!invoice) return;
  const about = { origin: automaticOrigin, customer: customer.id };
  const retried = retryInvoice(context, invoice, {
    customer,
    subscription,
    at,
    retryAt: retryAfter(invoice.attemptCount + 1, at),
  });
  if (retried.outcome === 'paid') {
    subscription.status = 'active';
    const after = subscriptionObject(state, subscription);
    sendInvoiceEvents(context, retried.events, about);
    emitEvent(context, 'customer.subscription.updated', after, {
      ...about,
      previousAttributes: previousAttributes(before, after),
    });
    return;
  }
  sendInvoiceEvents(context, retried.events, about);
  if (invoice.nextPaymentAttempt) return;
  subscription.status = 'canceled';
  subscription.endedAt = at;
  subscription.cancellationDetails = { ...subscription.cancellationDetails, reason: 'payment_failed' };
  emitEvent(context, 'customer.subscription.deleted', subscriptionObject(state, subscription), about);
}
