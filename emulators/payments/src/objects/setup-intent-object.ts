import type Stripe from 'stripe';
import type { SetupIntentRecord } from '#payments/storage/payments-state.ts';

export function setupIntentObject(intent: SetupIntentRecord): Stripe.SetupIntent {
  const error = intent.lastSetupError;
  return {
    id: intent.id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: intent.cancellationReason ?? null,
    client_secret: intent.clientSecret,
    created: intent.created,
    customer: intent.customer,
    description: intent.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: error
      ? {
          code: error.code as Stripe.SetupIntent.LastSetupError.Code,
          ...(error.declineCode && { decline_code: error.declineCode }),
          doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}`,
          message: error.message,
          type: 'card_error',
        }
      : null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: { ...intent.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: intent.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: intent.status,
    usage: intent.usage,
  };
}
