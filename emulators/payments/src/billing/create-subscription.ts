import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, resourceMissing } from '#payments/http/stripe-error.ts';
import type {
  CustomerRecord,
  Metadata,
  MissingPaymentMethod,
  PaymentsState,
  PriceRecord,
} from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';
import { startSubscription } from './subscriptions.ts';

/** A payment method of the customer's, or resource_missing naming `param`. */
export function customerPaymentMethod(state: PaymentsState, customer: string, id: string, param: string) {
  const method = state.paymentMethods.get(id);
  if (!method || method.customer !== customer) throw resourceMissing('PaymentMethod', id, param);
  return method.id;
}

export type SubscriptionRequest = {
  customer: CustomerRecord;
  price: PriceRecord;
  quantity: number;
  trialDays: number | null;
  metadata: Metadata;
  /** `default_payment_method`: one of the customer's; undefined: the customer's default. */
  paymentMethodId: string | undefined;
  origin: EventOrigin;
  /** `trial_settings.end_behavior.missing_payment_method`. */
  missingPaymentMethod?: MissingPaymentMethod;
};

/**
 * subscriptions.create: a subscription charged later (no first charge here, as the API does it), refused
 * like Stripe when nothing could pay for it (no trial, no payment method, no customer default).
 */
export function createSubscription(context: PaymentsContext, request: SubscriptionRequest) {
  const { state } = context.store;
  const { customer, paymentMethodId } = request;
  const paymentMethod =
    paymentMethodId === undefined
      ? null
      : customerPaymentMethod(state, customer.id, paymentMethodId, 'default_payment_method');
  if (!request.trialDays && !paymentMethod && !customer.defaultPaymentMethod) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      { code: 'resource_missing' },
    );
  }
  const { subscription } = startSubscription(context, {
    customer,
    price: request.price,
    quantity: request.quantity,
    trialDays: request.trialDays,
    metadata: request.metadata,
    paymentMethod,
    firstCharge: false,
    origin: request.origin,
    ...(request.missingPaymentMethod && { missingPaymentMethod: request.missingPaymentMethod }),
  });
  return subscription;
}
