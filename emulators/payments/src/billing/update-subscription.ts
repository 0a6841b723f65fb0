import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest } from '#payments/http/stripe-error.ts';
import type { SubscriptionRecord } from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';
import { customerPaymentMethod } from './create-subscription.ts';
import { customerNow } from './customers.ts';
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
  if (change.trialEnd !== undefined) checkTrialEnd(context, subscription, change.trialEnd);
  changeSubscription(context, subscription, change, origin);
}

/**
 * `trial_end` as Stripe checks it: a Unix time in the future (its message when not). The emulator moves
 * the end of a trial under way only; starting a trial on an active subscription, or `now`, it refuses
 * with a message saying so (emulators/payments/README.md).
 */
function checkTrialEnd(context: PaymentsContext, subscription: SubscriptionRecord, trialEnd: number) {
  const customer = context.store.state.customers.get(subscription.customer);
  const now = customer ? customerNow(context.store.state, customer) : Math.floor(Date.now() / 1000);
  if (trialEnd <= now) {
    throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', {
      param: 'trial_end',
    });
  }
  if (subscription.status !== 'trialing') {
    throw invalidRequest(
      `The emulator changes trial_end only on a trialing subscription; ${subscription.id} is ${subscription.status}.`,
      { param: 'trial_end' },
    );
  }
}
