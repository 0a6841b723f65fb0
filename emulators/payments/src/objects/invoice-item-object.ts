import type Stripe from 'stripe';
import type { InvoiceItemRecord, PaymentsState } from '#payments/storage/payments-state.ts';
import { decimal, pricingOf } from './catalogue-objects.ts';
import { priceOf, testClockOf } from './subscription-object.ts';

export function invoiceItemObject(state: PaymentsState, item: InvoiceItemRecord): Stripe.InvoiceItem {
  const price = priceOf(state, item.price);
  return {
    id: item.id,
    object: 'invoiceitem',
    amount: item.amount,
    currency: item.currency,
    customer: item.customer,
    customer_account: null,
    date: item.date,
    description: item.description,
    discountable: !item.proration,
    discounts: [],
    invoice: item.invoice,
    livemode: false,
    metadata: { ...item.metadata },
    parent: {
      subscription_details: { subscription: item.subscription, subscription_item: item.subscriptionItem },
      type: 'subscription_details',
    },
    period: { end: item.periodEnd, start: item.periodStart },
    pricing: pricingOf(price, price.unitAmount),
    proration: item.proration,
    quantity: item.quantity,
    quantity_decimal: decimal(item.quantity),
    tax_rates: [],
    test_clock: testClockOf(state, item.customer),
  };
}
