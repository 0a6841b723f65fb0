import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerNow } from '#payments/billing/customers.ts';
import {
  attachPaymentMethod,
  checkCardAccepted,
  paymentMethodParam,
  storeCard,
} from '#payments/billing/payment-methods.ts';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import { invalidRequest, StripeApiError } from '#payments/http/stripe-error.ts';
import { newId, randomToken, realNow } from '#payments/ids.ts';
import { setupIntentObject } from '#payments/objects/setup-intent-object.ts';
import type { SetupIntentRecord } from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, customerParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const createSetupIntentParams = [
  'customer',
  'payment_method',
  'confirm',
  'usage',
  'description',
  'metadata',
  'payment_method_types',
];

const unexpectedState = (message: string) =>
  invalidRequest(message, { code: 'setup_intent_unexpected_state' });

async function createSetupIntent(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, createSetupIntentParams);
  const customerId = params.text('customer', { max: 200 });
  const customer = customerId === undefined ? undefined : customerParam(context, customerId, 'customer');
  const paymentMethod = paymentMethodOf(params);
  if (paymentMethod !== undefined) paymentMethodParam(state, paymentMethod, 'payment_method');
  const types = params.stringList('payment_method_types', { max: 100 });
  if (types?.some((type) => type !== 'card')) {
    throw invalidRequest('The payments emulator holds card payment methods only.', {
      param: 'payment_method_types',
    });
  }
  const intent: SetupIntentRecord = {
    id: newId('seti'),
    created: customer ? customerNow(state, customer) : realNow(),
    clientSecret: '',
    customer: customer?.id ?? null,
    paymentMethod: paymentMethod ?? null,
    status: paymentMethod === undefined ? 'requires_payment_method' : 'requires_confirmation',
    usage: params.oneOf('usage', ['off_session', 'on_session']) ?? 'off_session',
    description: params.text('description', { max: 1000 }) ?? null,
    metadata: params.metadataUpdate()?.({}) ?? {},
    lastSetupError: null,
  };
  intent.clientSecret = `${intent.id}_secret_${randomToken(24)}`;
  state.setupIntents.set(intent.id, intent);
  if (params.boolean('confirm')) await confirm(context, intent, undefined, originOf(request));
  return answer(context, setupIntentObject(intent), params.expand());
}

async function confirmSetupIntent(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['payment_method']);
  const intent = storedOrMissing(state.setupIntents, 'setup_intent', idParam(request));
  await confirm(context, intent, paymentMethodOf(params), originOf(request));
  return answer(context, setupIntentObject(intent), params.expand());
}

/** Confirms with the intent's card: succeeded (the card saved), or the decline recorded and thrown. */
async function confirm(
  context: PaymentsContext,
  intent: SetupIntentRecord,
  paymentMethodId: string | undefined,
  origin: EventOrigin,
) {
  const id = paymentMethodId ?? intent.paymentMethod;
  if (intent.status === 'succeeded') {
    throw unexpectedState('You cannot confirm this SetupIntent because it has already succeeded.');
  }
  if (intent.status === 'canceled') {
    throw unexpectedState('You cannot confirm this SetupIntent because it has been canceled.');
  }
  if (!id) {
    throw unexpectedState(
      "You cannot confirm this SetupIntent because it's missing a payment method. You can either update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  const customer = intent.customer ? customerParam(context, intent.customer, 'customer') : undefined;
  try {
    if (customer) {
      const method = attachPaymentMethod(context, { id, param: 'payment_method', customer, origin });
      intent.paymentMethod = method.id;
    } else {
      const named = paymentMethodParam(context.store.state, id, 'payment_method');
      if ('stored' in named) intent.paymentMethod = named.stored.id;
      else {
        checkCardAccepted(named.digits, 'payment_method');
        intent.paymentMethod = storeCard(context.store.state, { card: named.card, at: realNow() }).id;
      }
    }
  } catch (error) {
    if (!(error instanceof StripeApiError) || error.body.type !== 'card_error') throw error;
    // As in Stripe, the declined attempt is part of the intent, which waits for another card.
    intent.status = 'requires_payment_method';
    intent.paymentMethod = null;
    intent.lastSetupError = {
      code: error.body.code ?? 'card_declined',
      declineCode: error.body.decline_code ?? null,
      message: error.body.message,
    };
    await context.store.save();
    // Stripe's error carries the intent as the failure left it (`error.setup_intent`).
    throw new StripeApiError(error.statusCode, { ...error.body, setup_intent: setupIntentObject(intent) });
  }
  intent.status = 'succeeded';
  intent.lastSetupError = null;
}

function paymentMethodOf(params: Params) {
  return params.text('payment_method', { max: 200 });
}

const cancellationReasons = ['abandoned', 'duplicate', 'requested_by_customer'] as const;
const cancelableStatuses: SetupIntentRecord['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
];

/**
 * Cancels an intent that has not succeeded (Stripe also cancels one in requires_action, a state the
 * emulator never enters), with an optional `cancellation_reason`; anything else is Stripe's
 * setup_intent_unexpected_state.
 */
async function cancelSetupIntent(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['cancellation_reason']);
  const intent = storedOrMissing(state.setupIntents, 'setup_intent', idParam(request));
  const reason = params.oneOf('cancellation_reason', cancellationReasons) ?? null;
  if (!cancelableStatuses.includes(intent.status)) {
    throw unexpectedState(
      `You cannot cancel this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  intent.status = 'canceled';
  intent.cancellationReason = reason;
  return answer(context, setupIntentObject(intent), params.expand());
}

/** `created` as one second or a range (`created[gte]=…`), as Stripe's list endpoints take it. */
function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  if (!params.isHash('created')) {
    const at = params.integer('created', { min: 0 });
    return (created) => created === at;
  }
  const range = params.object('created', ['gt', 'gte', 'lt', 'lte']);
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map((key) => range?.integer(key, { min: 0 }));
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

const listSetupIntentsParams = [
  'customer',
  'payment_method',
  'created',
  'attach_to_self',
  'limit',
  'starting_after',
  'ending_before',
];

/** Newest first, by `customer`, `payment_method` and `created`, a page at a time. */
async function listSetupIntents(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, listSetupIntentsParams);
  const customer = params.text('customer', { max: 200 });
  const paymentMethod = params.text('payment_method', { max: 200 });
  // Whether the intent attaches a method to the account itself: never in the emulator (no Connect).
  const toSelf = params.boolean('attach_to_self');
  const created = createdFilter(params);
  const intents = [...state.setupIntents.values()].filter(
    (intent) =>
      toSelf !== true && matchesFilters(intent, { customer, paymentMethod }) && created(intent.created),
  );
  return answerList(context, params, intents, {
    url: '/v1/setup_intents',
    kind: 'setup_intent',
    render: setupIntentObject,
  });
}

const retrieveSetupIntent = retrieveHandler(
  'setup_intent',
  (state) => state.setupIntents,
  (_, intent) => setupIntentObject(intent),
);

/**
 * SetupIntents (docs.stripe.com/api/setup_intents), cards only: create (`customer`,
 * `payment_method`, `confirm`, `usage`, `description`, `metadata`, `payment_method_types[]=card`),
 * retrieve, confirm (`payment_method`), cancel (`cancellation_reason`), list (`customer`,
 * `payment_method`, `created`, pagination). A confirmed card is saved, and attached to the intent's
 * customer; a card the bank declines leaves the intent `requires_payment_method` with
 * `last_setup_error` and answers Stripe's card error, with the intent in it. The emulator sends no
 * setup_intent.* events.
 */
export function registerSetupIntentRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/setup_intents': createSetupIntent,
    'GET /v1/setup_intents/:id': retrieveSetupIntent,
    'POST /v1/setup_intents/:id/confirm': confirmSetupIntent,
    'POST /v1/setup_intents/:id/cancel': cancelSetupIntent,
    'GET /v1/setup_intents': listSetupIntents,
  });
}
