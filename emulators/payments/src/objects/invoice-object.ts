import type Stripe from 'stripe';
import type { InvoiceLineRecord, InvoiceRecord, PaymentsState } from '#payments/storage/payments-state.ts';
import { decimal, pricingOf } from './catalogue-objects.ts';
import { invoiceAdjustmentFields } from './invoice-adjustments-object.ts';
import { priceOf, testClockOf } from './subscription-object.ts';

/** A line as Stripe renders it: a subscription item's period, or (a proration) its invoice item. */
function lineObject(
  state: PaymentsState,
  invoice: InvoiceRecord,
  line: InvoiceLineRecord,
): Stripe.InvoiceLineItem {
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: invoice.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.invoiceItem,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: line.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: { end: line.periodEnd, start: line.periodStart },
    pretax_credit_amounts: [],
    pricing: pricingOf(priceOf(state, line.price), line.unitAmount),
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription: invoice.subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

/** The amount_* fields, in Stripe's order: due is the total less any credit balance. */
function amountsOf(invoice: InvoiceRecord) {
  const due = Math.max(0, invoice.total + invoice.startingBalance);
  return {
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: invoice.amountPaid,
    amount_remaining: due - invoice.amountPaid,
    amount_shipping: 0,
  };
}

function linesObject(state: PaymentsState, invoice: InvoiceRecord): Stripe.Invoice['lines'] {
  return {
    object: 'list',
    data: invoice.lines.map((line) => lineObject(state, invoice, line)),
    has_more: false,
    url: `/v1/invoices/${invoice.id}/lines`,
  };
}

/** Every invoice of the emulator is a subscription's. */
function parentObject(invoice: InvoiceRecord): Stripe.Invoice['parent'] {
  return {
    quote_details: null,
    subscription_details: {
      metadata: { ...invoice.subscriptionMetadata },
      subscription: invoice.subscription,
    },
    type: 'subscription_details',
  };
}

function statusTransitions(invoice: InvoiceRecord): Stripe.Invoice['status_transitions'] {
  return {
    finalized_at: invoice.finalizedAt,
    marked_uncollectible_at: null,
    paid_at: invoice.status === 'paid' ? invoice.paidAt : null,
    voided_at: null,
  };
}

/** An invoice; `preview`: one `invoices.createPreview` made up, never stored. */
export function invoiceObject(
  state: PaymentsState,
  invoice: InvoiceRecord,
  options: { preview?: boolean } = {},
): Stripe.Invoice {
  return {
    id: invoice.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Payments emulator',
    account_tax_ids: null,
    ...amountsOf(invoice),
    application: null,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: invoice.status === 'open' || invoice.status === 'draft',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    custom_fields: null,
    customer: invoice.customer,
    customer_account: null,
    customer_address: null,
    customer_email: invoice.customerEmail,
    customer_name: invoice.customerName,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: invoice.finalizedAt,
    ending_balance: invoice.endingBalance,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: invoice.hostedUrl,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: linesObject(state, invoice),
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.nextPaymentAttempt,
    number: invoice.number,
    on_behalf_of: null,
    parent: parentObject(invoice),
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: invoice.startingBalance,
    statement_descriptor: null,
    status: invoice.status,
    status_transitions: statusTransitions(invoice),
    subtotal: invoice.total,
    subtotal_excluding_tax: invoice.total,
    test_clock: testClockOf(state, invoice.customer),
    total: invoice.total,
    total_discount_amounts: [],
    total_excluding_tax: invoice.total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: options.preview ? null : invoice.created,
    ...invoiceAdjustmentFields(invoice),
  };
}
