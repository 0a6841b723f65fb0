import type { PaymentsContext } from '#payments/context.ts';
import { cardError, invalidRequest, resourceMissing } from '#payments/http/stripe-error.ts';
import { newId } from '#payments/ids.ts';
import { customerObject, paymentMethodObject } from '#payments/objects/customer-object.ts';
import { subscriptionObject } from '#payments/objects/subscription-object.ts';
import type {
  CardDetails,
  CustomerRecord,
  PaymentMethodRecord,
  PaymentsState,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import {
  type EventAbout,
  type EventOrigin,
  emitEvent,
  previousAttributes,
} from '#payments/webhooks/emit-event.ts';
import type { EventType } from '#payments/webhooks/event-types.ts';
import { customerNow } from './customers.ts';
import { isEnded } from './subscriptions.ts';
import { behaviourOf, cardDetails, testPaymentMethods } from './test-cards.ts';

// Stripe's test PaymentMethods expire at the end of next year's December; any future date would do.
const testCardExpiry = () => ({ month: 12, year: new Date().getUTCFullYear() + 1 });

/**
 * The card a PaymentMethod parameter names: one of the stored ones, or a new card for a Stripe test
 * PaymentMethod (`pm_card_visa`, `pm_card_chargeCustomerFail`…), as Stripe makes one each time.
 */
export function paymentMethodParam(
  state: PaymentsState,
  id: string,
  param: string,
): { stored: PaymentMethodRecord } | { card: CardDetails; digits: string } {
  const stored = state.paymentMethods.get(id);
  if (stored) return { stored };
  const digits = testPaymentMethods[id];
  if (!digits) throw resourceMissing('PaymentMethod', id, param);
  const expiry = testCardExpiry();
  return { card: cardDetails(digits, expiry.month, expiry.year), digits };
}

/**
 * Refuses a card the bank declines when it is saved, as Stripe does when it attaches one (its check
 * of the card); 4000 0000 0000 0341 passes and fails only later charges.
 */
export function checkCardAccepted(digits: string, param?: string) {
  const behaviour = behaviourOf(digits);
  if (behaviour.kind === 'declines') {
    const { decline } = behaviour;
    throw cardError(decline.code, decline.message, decline.declineCode, param);
  }
}

/** A new card PaymentMethod, not attached to anyone yet. */
export function storeCard(
  state: PaymentsState,
  options: { card: CardDetails; at: number; billingName?: string | null; billingEmail?: string | null },
): PaymentMethodRecord {
  const method: PaymentMethodRecord = {
    id: newId('pm'),
    created: options.at,
    customer: null,
    card: options.card,
    billingName: options.billingName ?? null,
    billingEmail: options.billingEmail ?? null,
  };
  state.paymentMethods.set(method.id, method);
  return method;
}

/**
 * The PaymentMethod a parameter names, attached to `customer` (a test PaymentMethod becomes a new
 * card; a declined test card is refused): payment_method.attached when it was not attached yet.
 * Another customer's card is refused, as Stripe refuses it.
 */
export function attachPaymentMethod(
  context: PaymentsContext,
  options: { id: string; param: string; customer: CustomerRecord; origin: EventOrigin },
): PaymentMethodRecord {
  const { state } = context.store;
  const { customer } = options;
  const named = paymentMethodParam(state, options.id, options.param);
  let method: PaymentMethodRecord;
  if ('stored' in named) {
    method = named.stored;
    if (method.customer === customer.id) return method;
    if (method.customer !== null) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
        param: options.param,
      });
    }
  } else {
    checkCardAccepted(named.digits, options.param);
    method = storeCard(state, {
      card: named.card,
      at: customerNow(state, customer),
      billingEmail: customer.email,
    });
  }
  method.customer = customer.id;
  emitEvent(context, 'payment_method.attached', paymentMethodObject(method), {
    origin: options.origin,
    customer: customer.id,
  });
  return method;
}

/**
 * Detaches a card from its customer: payment_method.detached. It can no longer pay, so the customer's
 * invoice default and the live subscriptions' default_payment_method that named it are cleared
 * (customer.updated, customer.subscription.updated).
 */
export function detachPaymentMethod(
  context: PaymentsContext,
  method: PaymentMethodRecord,
  origin: EventOrigin,
) {
  const { state } = context.store;
  const customerId = method.customer;
  const customer = customerId ? state.customers.get(customerId) : undefined;
  method.customer = null;
  const about = { origin, customer: customerId };
  emitEvent(context, 'payment_method.detached', paymentMethodObject(method), about);
  if (customer?.defaultPaymentMethod === method.id)
    setDefaultCard(context, customer, null, customerCard, about);
  for (const subscription of state.subscriptions.values()) {
    if (subscription.defaultPaymentMethod !== method.id || isEnded(subscription)) continue;
    setDefaultCard(context, subscription, null, subscriptionCard, about);
  }
}

/**
 * Makes a card the one everything of the customer's is charged to, as the billing portal does when
 * the card is updated: the customer's invoice default (customer.updated) and the default_payment_method
 * of each live subscription (customer.subscription.updated).
 */
export function makeDefaultCard(
  context: PaymentsContext,
  customer: CustomerRecord,
  method: PaymentMethodRecord,
  origin: EventOrigin,
) {
  const { state } = context.store;
  const about = { origin, customer: customer.id };
  if (customer.defaultPaymentMethod !== method.id)
    setDefaultCard(context, customer, method.id, customerCard, about);
  for (const subscription of state.subscriptions.values()) {
    if (subscription.customer !== customer.id || isEnded(subscription)) continue;
    if (subscription.defaultPaymentMethod === method.id) continue;
    setDefaultCard(context, subscription, method.id, subscriptionCard, about);
  }
}

// The two holders of a default card, and the event each one's change is announced by.
const customerCard: DefaultCardHolder<CustomerRecord> = { type: 'customer.updated', render: customerObject };
const subscriptionCard: DefaultCardHolder<SubscriptionRecord> = {
  type: 'customer.subscription.updated',
  render: subscriptionObject,
};

type DefaultCardHolder<Holder> = {
  type: EventType;
  render: (state: PaymentsState, holder: Holder) => object;
};

/**
 * Points a customer's invoice default or a subscription's default_payment_method at a card (null:
 * none), then sends the holder's `*.updated` event with the fields that changed (previous_attributes).
 */
function setDefaultCard<Holder extends { defaultPaymentMethod: string | null }>(
  context: PaymentsContext,
  holder: Holder,
  methodId: string | null,
  kind: DefaultCardHolder<Holder>,
  about: EventAbout,
) {
  const { state } = context.store;
  const before = kind.render(state, holder);
  holder.defaultPaymentMethod = methodId;
  const after = kind.render(state, holder);
  emitEvent(context, kind.type, after, {
    ...about,
    previousAttributes: previousAttributes(before, after),
  });
}
