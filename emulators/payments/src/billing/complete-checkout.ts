import type { PaymentsContext } from '#payments/context.ts';
import { newId } from '#payments/ids.ts';
import { checkoutSessionObject } from '#payments/objects/checkout-session-object.ts';
import { customerObject, paymentMethodObject } from '#payments/objects/customer-object.ts';
import { priceOf } from '#payments/objects/subscription-object.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  EnteredCard,
  PaymentMethodRecord,
} from '#payments/storage/payments-state.ts';
import { automaticOrigin, type EventOrigin, emitEvent } from '#payments/webhooks/emit-event.ts';
import { createCustomerRecord, customerNow } from './customers.ts';
import { checkoutSubscriptionTerms } from './discounts.ts';
import { startSubscription } from './subscriptions.ts';

/** The session's success URL with `{CHECKOUT_SESSION_ID}` filled in, as Checkout redirects to it. */
export const successUrlOf = (session: CheckoutSessionRecord) =>
  session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/** What the page took: a card, or none for a trial that needs no card (`payment_method_collection: if_required`). */
export type EnteredDetails = Omit<EnteredCard, 'card'> & { card: EnteredCard['card'] | null };

/** Whether the session's trial may start without a card. */
export const trialWithoutCard = (session: CheckoutSessionRecord) =>
  session.paymentMethodCollection === 'if_required' && (session.trialPeriodDays ?? 0) > 0;

/**
 * A checkout paid with an accepted card (or a trial started without one): the customer (created when
 * the session had only an email), the card, the subscription (trialing or charged at once), then
 * checkout.session.completed. All of it happens in memory in one step, so a crash cannot leave half
 * of it.
 */
export function completeCheckout(
  context: PaymentsContext,
  session: CheckoutSessionRecord,
  customerOfSession: CustomerRecord | undefined,
  entered: EnteredDetails,
) {
  const { state } = context.store;
  const origin: EventOrigin = automaticOrigin;
  let customer = customerOfSession;
  let createdCustomer = false;
  if (!customer) {
    customer = createCustomerRecord(state, { email: entered.email, name: entered.name });
    createdCustomer = true;
  }
  const method: PaymentMethodRecord | null = entered.card && {
    id: newId('pm'),
    created: customerNow(state, customer),
    customer: customer.id,
    card: entered.card,
    billingName: entered.name,
    billingEmail: entered.email,
  };
  if (method) state.paymentMethods.set(method.id, method);
  // As Stripe stores it: attached to the customer and the subscription's default_payment_method; the
  // customer's invoice default (invoice_settings.default_payment_method) stays as it was.
  const about = { origin, customer: customer.id };
  if (createdCustomer) emitEvent(context, 'customer.created', customerObject(state, customer), about);
  if (method) emitEvent(context, 'payment_method.attached', paymentMethodObject(method), about);

  const [item] = session.lineItems;
  if (!item) throw new Error(`checkout session ${session.id} has no line item`);
  const { subscription, invoice } = startSubscription(context, {
    customer,
    price: priceOf(state, item.price),
    quantity: item.quantity,
    trialDays: session.trialPeriodDays,
    metadata: session.subscriptionMetadata,
    paymentMethod: method?.id ?? null,
    firstCharge: true,
    origin,
    ...(session.missingPaymentMethod && { missingPaymentMethod: session.missingPaymentMethod }),
    ...checkoutSubscriptionTerms(state, session, customerNow(state, customer)),
  });

  session.status = 'complete';
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.invoice = invoice?.id ?? null;
  session.customerDetails = { email: entered.email, name: entered.name };
  session.pendingAuthentication = null;
  emitEvent(
    context,
    'checkout.session.completed',
    checkoutSessionObject(state, context.urls, session),
    about,
  );
  return successUrlOf(session);
}

/** An open session that can no longer be paid: expired, with checkout.session.expired. */
export function expireCheckoutSession(
  context: PaymentsContext,
  session: CheckoutSessionRecord,
  origin: EventOrigin,
) {
  session.status = 'expired';
  session.pendingAuthentication = null;
  emitEvent(
    context,
    'checkout.session.expired',
    checkoutSessionObject(context.store.state, context.urls, session),
    {
      origin,
      customer: session.customer,
    },
  );
}
