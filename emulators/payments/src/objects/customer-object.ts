import type Stripe from 'stripe';
import type { CustomerRecord, PaymentMethodRecord, PaymentsState } from '#payments/storage/payments-state.ts';

export function customerObject(
  state: PaymentsState,
  customer: CustomerRecord,
): Stripe.Customer | Stripe.DeletedCustomer {
  if (customer.deleted) return { id: customer.id, object: 'customer', deleted: true };
  let hasSubscriptions = false;
  let delinquent = false;
  for (const subscription of state.subscriptions.values()) {
    if (subscription.customer !== customer.id) continue;
    hasSubscriptions = true;
    if (subscription.status === 'past_due' || subscription.status === 'unpaid') delinquent = true;
  }
  return {
    id: customer.id,
    object: 'customer',
    address: null,
    balance: customer.balance,
    created: customer.created,
    currency: hasSubscriptions ? 'usd' : null,
    default_source: null,
    delinquent,
    description: customer.description,
    discount: null,
    email: customer.email,
    invoice_prefix: customer.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: customer.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ...customer.metadata },
    name: customer.name,
    next_invoice_sequence: customer.nextInvoiceSequence,
    phone: customer.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: customer.testClock,
  };
}

export function paymentMethodObject(method: PaymentMethodRecord): Stripe.PaymentMethod {
  return {
    id: method.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: null,
      email: method.billingEmail,
      name: method.billingName,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: method.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: method.card.brand,
      exp_month: method.card.expMonth,
      exp_year: method.card.expYear,
      fingerprint: method.card.fingerprint,
      funding: 'credit',
      generated_from: null,
      last4: method.card.last4,
      networks: { available: [method.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: method.created,
    customer: method.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}
