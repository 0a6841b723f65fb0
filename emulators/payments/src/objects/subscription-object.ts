import type Stripe from 'stripe';
import type {
  PaymentsState,
  PriceRecord,
  ProductRecord,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { planObject, priceObject } from './catalogue-objects.ts';
import { meteredItemObjects } from './metered-item-object.ts';
import { subscriptionAdjustmentFields } from './subscription-adjustments-object.ts';

/** A price a record names; prices are never deleted, so a missing one is a broken state file. */
export function priceOf(state: PaymentsState, id: string): PriceRecord {
  const price = state.prices.get(id);
  if (!price) throw new Error(`price ${id} is missing from the state`);
  return price;
}

/** The product of a price; products are never deleted while a price names them. */
export function productOf(state: PaymentsState, price: PriceRecord): ProductRecord {
  const product = state.products.get(price.product);
  if (!product) throw new Error(`product ${price.product} is missing from the state`);
  return product;
}

/** The test clock of a subscription's (or invoice's) customer, or null. */
export const testClockOf = (state: PaymentsState, customerId: string) =>
  state.customers.get(customerId)?.testClock ?? null;

export function subscriptionItemObject(
  state: PaymentsState,
  subscription: SubscriptionRecord,
): Stripe.SubscriptionItem {
  const price = priceOf(state, subscription.item.price);
  return {
    id: subscription.item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: subscription.item.created,
    current_period_end: subscription.currentPeriodEnd,
    current_period_start: subscription.currentPeriodStart,
    current_trial: null,
    discounts: [],
    metadata: { ...subscription.item.metadata },
    plan: planObject(price),
    price: priceObject(price),
    quantity: subscription.item.quantity,
    subscription: subscription.id,
    tax_rates: [],
  };
}

const cancellationDetailsObject = ({ cancellationDetails }: SubscriptionRecord) => ({
  comment: cancellationDetails.comment,
  feedback: cancellationDetails.feedback as Stripe.Subscription.CancellationDetails.Feedback | null,
  feedback_option: null,
  reason: cancellationDetails.reason,
});

/** The emulator keeps no invoice settings on a subscription: Stripe's empty ones. */
const invoiceSettingsObject = (): Stripe.Subscription.InvoiceSettings => ({
  account_tax_ids: null,
  custom_fields: null,
  description: null,
  footer: null,
  issuer: { type: 'self' },
});

/** What the trial's end does without a card; Stripe's default is to invoice as usual. */
const trialSettingsObject = (subscription: SubscriptionRecord) => ({
  end_behavior: {
    billing_cycle_anchor: null,
    missing_payment_method: subscription.missingPaymentMethod ?? ('create_invoice' as const),
  },
});

export function subscriptionObject(
  state: PaymentsState,
  subscription: SubscriptionRecord,
): Stripe.Subscription {
  return {
    id: subscription.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    ...subscriptionAdjustmentFields(subscription),
    billing_cycle_anchor: subscription.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: subscription.cancelAt,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    cancellation_details: cancellationDetailsObject(subscription),
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: priceOf(state, subscription.item.price).currency,
    customer: subscription.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: subscription.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    ended_at: subscription.endedAt,
    invoice_settings: invoiceSettingsObject(),
    items: {
      object: 'list',
      data: [subscriptionItemObject(state, subscription), ...meteredItemObjects(state, subscription)],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: { ...subscription.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.startDate,
    status: subscription.status,
    test_clock: testClockOf(state, subscription.customer),
    transfer_data: null,
    trial_end: subscription.trialEnd,
    trial_settings: trialSettingsObject(subscription),
    trial_start: subscription.trialStart,
  };
}
