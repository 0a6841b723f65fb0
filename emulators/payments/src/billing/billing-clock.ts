import type { PaymentsContext } from '../context.ts';
import { invoiceObject } from '../objects/invoice-object.ts';
import { subscriptionObject } from '../objects/subscription-object.ts';
import type { CustomerRecord, SubscriptionRecord } from '../storage/payments-state.ts';
import { automaticOrigin, emitEvent, previousAttributes } from '../webhooks/emit-event.ts';
import { addMonths } from './calendar.ts';
import { customerNow } from './customers.ts';
import { createSubscriptionInvoice, payInvoice } from './invoices.ts';

// Stripe lets the first invoice of an incomplete subscription be paid for 23 hours.
const incompleteLifetime = 23 * 60 * 60;

/** When something next happens to a subscription on its own, or null if nothing will. */
function dueAt(subscription: SubscriptionRecord): number | null {
  switch (subscription.status) {
    case 'trialing':
      return subscription.trialEnd ?? subscription.currentPeriodEnd;
    case 'active':
    case 'past_due':
      return subscription.currentPeriodEnd;
    case 'incomplete':
      return subscription.created + incompleteLifetime;
    default:
      return null;
  }
}

/**
 * Runs, in time order, what has fallen due for one customer by their clock: trial ends and renewals
 * (a new period and its invoice, charged to the stored card: active, or past_due when the charge
 * fails), cancellations at period end, and incomplete subscriptions expiring. Returns how many
 * transitions happened.
 */
export function runDueWork(context: PaymentsContext, customer: CustomerRecord): number {
  const { state } = context.store;
  let transitions = 0;
  // A bound on the loop; ten years of monthly renewals of a handful of subscriptions fit easily.
  for (let guard = 0; guard < 10_000; guard++) {
    const now = customerNow(customer);
    let next: { subscription: SubscriptionRecord; at: number } | undefined;
    for (const subscription of state.subscriptions.values()) {
      if (subscription.customer !== customer.id) continue;
      const at = dueAt(subscription);
      if (at !== null && at <= now && (!next || at < next.at)) next = { subscription, at };
    }
    if (!next) break;
    applyDue(context, customer, next.subscription, next.at);
    transitions++;
  }
  return transitions;
}

function applyDue(
  context: PaymentsContext,
  customer: CustomerRecord,
  subscription: SubscriptionRecord,
  at: number,
) {
  const { state } = context.store;
  const about = { origin: automaticOrigin, customer: customer.id };
  const before = subscriptionObject(state, subscription);

  if (subscription.status === 'incomplete') {
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

  // A trial ends or a period ends: the next period starts and is invoiced.
  if (subscription.status === 'trialing') {
    subscription.billingCycleAnchor = at;
    subscription.periodIndex = 1;
  } else {
    subscription.periodIndex++;
  }
  subscription.currentPeriodStart = at;
  subscription.currentPeriodEnd = addMonths(subscription.billingCycleAnchor, subscription.periodIndex);
  const invoice = createSubscriptionInvoice(state, {
    customer,
    subscription,
    reason: 'subscription_cycle',
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    at,
  });
  const outcome = payInvoice(
    state,
    invoice,
    subscription.defaultPaymentMethod ?? customer.defaultPaymentMethod,
    {
      at,
      firstCharge: false,
    },
  );
  subscription.status = outcome === 'paid' ? 'active' : 'past_due';
  subscription.latestInvoice = invoice.id;
  const after = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.updated', after, {
    ...about,
    previousAttributes: previousAttributes(before, after),
  });
  emitEvent(
    context,
    outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
    invoiceObject(state, invoice),
    about,
  );
}

/** Moves a customer's clock forward and runs what falls due; answers the clock's new time. */
export function advanceCustomerClock(
  context: PaymentsContext,
  customer: CustomerRecord,
  seconds: number,
): number {
  customer.clockOffset += seconds;
  runDueWork(context, customer);
  return customerNow(customer);
}
