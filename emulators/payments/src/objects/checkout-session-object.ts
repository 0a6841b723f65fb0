import type Stripe from 'stripe';
import type { EmulatorUrls } from '#payments/emulator-urls.ts';
import type { CheckoutSessionRecord, PaymentsState } from '#payments/storage/payments-state.ts';
import { priceObject } from './catalogue-objects.ts';
import { checkoutExtrasFields } from './checkout-session-extras.ts';
import { priceOf, productOf } from './subscription-object.ts';

/** What the session charges now: nothing during a trial. */
export function checkoutAmounts(state: PaymentsState, session: CheckoutSessionRecord) {
  const recurring = session.lineItems.reduce(
    (sum, item) => sum + priceOf(state, item.price).unitAmount * item.quantity,
    0,
  );
  return { recurring, dueNow: session.trialPeriodDays ? 0 : recurring };
}

export function checkoutLineItemObjects(
  state: PaymentsState,
  session: CheckoutSessionRecord,
): Stripe.LineItem[] {
  return session.lineItems.map((item) => {
    const price = priceOf(state, item.price);
    const amount = session.trialPeriodDays ? 0 : price.unitAmount * item.quantity;
    return {
      id: item.id,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: productOf(state, price).name,
      metadata: {},
      price: priceObject(price),
      quantity: item.quantity,
    };
  });
}

/** What the customer entered on the page, once the session is complete. */
function customerDetailsObject(session: CheckoutSessionRecord): Stripe.Checkout.Session['customer_details'] {
  if (!session.customerDetails) return null;
  return {
    address: null,
    business_name: null,
    email: session.customerDetails.email,
    individual_name: null,
    name: session.customerDetails.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: session.taxId ? [session.taxId] : [],
  };
}

export function checkoutSessionObject(
  state: PaymentsState,
  urls: EmulatorUrls,
  session: CheckoutSessionRecord,
): Stripe.Checkout.Session {
  const { dueNow } = checkoutAmounts(state, session);
  const complete = session.status === 'complete';
  const currency = session.lineItems[0] ? priceOf(state, session.lineItems[0].price).currency : 'usd';
  return {
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: dueNow,
    amount_total: dueNow,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: session.customer,
    customer_account: null,
    customer_creation: session.customer ? null : 'always',
    customer_details: customerDetailsObject(session),
    customer_email: session.customerEmail,
    discounts: [],
    expires_at: session.expiresAt,
    integration_identifier: null,
    invoice: session.invoice,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: { ...session.metadata },
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: session.paymentMethodCollection ?? 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: complete ? (dueNow === 0 ? 'no_payment_required' : 'paid') : 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: session.status === 'open' ? urls.checkoutPage(session.id) : null,
    wallet_options: null,
    ...checkoutExtrasFields(state, session, dueNow),
  };
}
