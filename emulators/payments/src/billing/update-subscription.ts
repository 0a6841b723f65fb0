import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest } from '#payments/http/stripe-error.ts';
import type { SubscriptionRecord } from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';
import { customerPaymentMethod } from './create-subscription.ts';
import { changeSubscription, isEnded, type SubscriptionChange } from './subscriptions.ts';

/** subscriptions.update's parameters: a change, with `default_payment_method` as sent ('' clears it). */
export type SubscriptionUpdate = Omit<SubscriptionChange, 'defaultPaymentMethod'> & {
  defaultPaymentMethodId?: string;
};

/**
 * subscriptions.update: proration settings count only with a plan or seat change, and a canceled
 * subscription only takes new metadata (as Stripe refuses the rest).
 */
export function updateSubscription(
  context: PaymentsContext,
  subscription: SubscriptionRecord,
  update: SubscriptionUpdate,
  origin: EventOrigin,
) {
  const { defaultPaymentMethodId, ...rest } = update;
  const change: SubscriptionChange = rest;
  if (defaultPaymentMethodId !== undefined) {
    change.defaultPaymentMethod =
      defaultPaymentMethodId === ''
        ? null
        : customerPaymentMethod(
            context.store.state,
            subscription.customer,
            defaultPaymentMethodId,
            'default_payment_method',
          );
  }
  const changesItems = change.price !== undefined || change.quantity !== undefined;
  if (!changesItems) {
    delete change.prorationBehavior;
    delete change.prorationDate;
  }
  if (isEnded(subscription) && Object.keys(change).some((key) => key !== 'metadata')) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  changeSubscription(context, subscription, change, origin);
}
