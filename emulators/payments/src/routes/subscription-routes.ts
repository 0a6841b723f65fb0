import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activePrice } from '#payments/billing/catalogue.ts';
import { createSubscription } from '#payments/billing/create-subscription.ts';
import { customerNow } from '#payments/billing/customers.ts';
import {
  cancelSubscriptionNow,
  isEnded,
  prorationBehaviors,
  type SubscriptionChange,
} from '#payments/billing/subscriptions.ts';
import { resumeSubscription } from '#payments/billing/trial-end.ts';
import { type SubscriptionUpdate, updateSubscription } from '#payments/billing/update-subscription.ts';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import type { SearchFields } from '#payments/http/search-query.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { subscriptionObject, testClockOf } from '#payments/objects/subscription-object.ts';
import type {
  PaymentsState,
  SubscriptionRecord,
  SubscriptionStatus,
} from '#payments/storage/payments-state.ts';
import { maxQuantity } from './checkout-session-routes.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, customerParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { searchHandler } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const createSubscriptionHandlerParams = [
  'customer',
  'items',
  'trial_period_days',
  'metadata',
  'default_payment_method',
  'proration_behavior',
  'trial_settings',
];
const listSubscriptionsParams = [
  'customer',
  'status',
  'price',
  'test_clock',
  'limit',
  'starting_after',
  'ending_before',
];
const updateSubscriptionHandlerParams = [
  'items',
  'quantity',
  'cancel_at_period_end',
  'proration_behavior',
  'proration_date',
  'metadata',
  'default_payment_method',
  'trial_end',
];

const subscriptionRoots = [
  'customer',
  'latest_invoice',
  'default_payment_method',
  'items',
  'pending_setup_intent',
];
const listStatuses = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

const subscriptionSearch: SearchFields<SubscriptionRecord> = {
  resource: 'subscriptions',
  fields: {
    status: { kind: 'string', get: (subscription) => subscription.status },
    created: { kind: 'number', get: (subscription) => subscription.created },
  },
  metadata: (subscription) => subscription.metadata,
};

/**
 * A plan or seat change as `items[0]` describes it (one item per subscription), shared
 * by subscriptions.update and invoices.createPreview's `subscription_details`.
 */
export function itemChange(
  state: PaymentsState,
  subscription: SubscriptionRecord,
  params: Params,
): Pick<SubscriptionChange, 'price' | 'quantity'> {
  const change: Pick<SubscriptionChange, 'price' | 'quantity'> = {};
  const items = params.objectList('items', ['id', 'price', 'quantity']);
  if (items && items.length > 1) {
    throw parameterInvalid(
      params.name('items'),
      'The payments emulator supports one item (the plan) per subscription.',
    );
  }
  const item = items?.[0];
  if (item) {
    const itemId = item.text('id', { max: 200 });
    if (itemId === undefined) {
      throw invalidRequest(
        'The payments emulator keeps one item per subscription: pass items[0][id] (the subscription item to change).',
        { code: 'parameter_missing', param: item.name('id') },
      );
    }
    if (itemId !== subscription.item.id) throw resourceMissing('subscription_item', itemId, item.name('id'));
    const priceId = item.text('price', { max: 200 });
    if (priceId !== undefined) change.price = activePrice(state, priceId, item.name('price')).id;
    const quantity = item.integer('quantity', { min: 1, max: maxQuantity });
    if (quantity !== undefined) change.quantity = quantity;
  }
  return change;
}

function matchesStatus(status: SubscriptionStatus, filter: (typeof listStatuses)[number] | undefined) {
  if (filter === 'all') return true;
  if (filter === 'ended') return status === 'canceled' || status === 'incomplete_expired';
  // Without a status Stripe lists the subscriptions that are not canceled.
  if (filter === undefined) return status !== 'canceled' && status !== 'incomplete_expired';
  return status === filter;
}

async function createSubscriptionHandler(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, createSubscriptionHandlerParams);
  const expand = params.expand();
  checkExpandRoots(expand, subscriptionRoots);
  // No billing cycle anchor to move: nothing is prorated at creation.
  params.oneOf('proration_behavior', prorationBehaviors);
  const customer = customerParam(context, params.requiredText('customer', { max: 200 }), 'customer');
  const items = params.objectList('items', ['price', 'quantity', 'metadata']);
  if (!items || items.length === 0) throw parameterMissing('items');
  if (items.length > 1) {
    throw parameterInvalid('items', 'The payments emulator supports one item (the plan) per subscription.');
  }
  const [item] = items;
  if (!item) throw parameterMissing('items');
  const price = activePrice(state, item.requiredText('price', { max: 200 }), item.name('price'));
  const quantity = item.integer('quantity', { min: 1, max: maxQuantity }) ?? 1;
  item.metadataUpdate();
  const trialDays = params.integer('trial_period_days', { min: 0, max: 730 }) || null;
  const missingPaymentMethod = params
    .object('trial_settings', ['end_behavior'])
    ?.object('end_behavior', ['missing_payment_method'])
    ?.oneOf('missing_payment_method', ['cancel', 'create_invoice', 'pause']);
  const subscription = createSubscription(context, {
    ...(missingPaymentMethod && { missingPaymentMethod }),
    customer,
    price,
    quantity,
    trialDays,
    metadata: params.metadataUpdate()?.({}) ?? {},
    paymentMethodId: params.text('default_payment_method', { max: 200 }),
    origin: originOf(request),
  });
  return answer(context, subscriptionObject(state, subscription), expand);
}

async function listSubscriptions(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, listSubscriptionsParams);
  const customer = params.text('customer', { max: 200 });
  const status = params.oneOf('status', listStatuses);
  const price = params.text('price', { max: 200 });
  const testClock = params.text('test_clock', { max: 200 });
  // As Stripe lists them: a subscription on a test clock only when asked by customer or clock.
  const clockMatches = (subscription: SubscriptionRecord) => {
    const clock = testClockOf(state, subscription.customer);
    if (testClock !== undefined) return clock === testClock;
    return customer !== undefined || clock === null;
  };
  const subscriptions = [...state.subscriptions.values()].filter(
    (subscription) =>
      clockMatches(subscription) &&
      matchesFilters(subscription, { customer }) &&
      (price === undefined || subscription.item.price === price) &&
      matchesStatus(subscription.status, status),
  );
  return answerList(context, params, subscriptions, {
    url: '/v1/subscriptions',
    kind: 'subscription',
    render: (subscription) => subscriptionObject(state, subscription),
  });
}

async function updateSubscriptionHandler(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, updateSubscriptionHandlerParams);
  const expand = params.expand();
  checkExpandRoots(expand, subscriptionRoots);
  const subscription = storedOrMissing(state.subscriptions, 'subscription', idParam(request));
  const update: SubscriptionUpdate = itemChange(state, subscription, params);
  const quantity = params.integer('quantity', { min: 1, max: maxQuantity });
  if (update.quantity === undefined && quantity !== undefined) update.quantity = quantity;
  if (update.quantity === undefined) delete update.quantity;
  update.cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  if (update.cancelAtPeriodEnd === undefined) delete update.cancelAtPeriodEnd;
  const behavior = params.oneOf('proration_behavior', prorationBehaviors);
  if (behavior !== undefined) update.prorationBehavior = behavior;
  const prorationDate = params.integer('proration_date', { min: 0 });
  if (prorationDate !== undefined) update.prorationDate = prorationDate;
  const metadata = params.metadataUpdate()?.(subscription.metadata);
  if (metadata !== undefined) update.metadata = metadata;
  if (params.text('trial_end') === 'now') {
    throw invalidRequest(
      'The emulator does not end a trial with trial_end=now: advance its test clock instead.',
      {
        param: 'trial_end',
      },
    );
  }
  const trialEnd = params.integer('trial_end', { min: 0 });
  if (trialEnd !== undefined) update.trialEnd = trialEnd;
  const methodId = params.string('default_payment_method', { max: 200 });
  if (methodId !== undefined) update.defaultPaymentMethodId = methodId;
  updateSubscription(context, subscription, update, originOf(request));
  return answer(context, subscriptionObject(state, subscription), expand);
}

async function cancelSubscription(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['invoice_now', 'prorate', 'cancellation_details']);
  const expand = params.expand();
  checkExpandRoots(expand, subscriptionRoots);
  const subscription = storedOrMissing(state.subscriptions, 'subscription', idParam(request));
  params.boolean('invoice_now');
  params.boolean('prorate');
  const details = params.object('cancellation_details', ['comment', 'feedback']);
  const comment = details?.text('comment', { max: 5000 }) ?? null;
  const feedback =
    details?.oneOf('feedback', [
      'customer_service',
      'low_quality',
      'missing_features',
      'other',
      'switched_service',
      'too_complex',
      'too_expensive',
      'unused',
    ]) ?? null;
  if (isEnded(subscription)) {
    throw invalidRequest(`No such subscription: '${subscription.id}'. It has already been canceled.`, {
      code: 'resource_missing',
      status: 404,
    });
  }
  cancelSubscriptionNow(context, subscription, { comment, feedback }, originOf(request));
  return answer(context, subscriptionObject(state, subscription), expand);
}

/**
 * subscriptions.resume: a paused subscription starts a new period now and is charged for it
 * (billing/trial-end.ts). `billing_cycle_anchor` may be `now` or `unchanged`; a paused trial has no
 * period to keep, so both start from now.
 */
async function resumeSubscriptionHandler(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [
    'billing_cycle_anchor',
    'payment_behavior',
    'proration_behavior',
    'proration_date',
  ]);
  const expand = params.expand();
  checkExpandRoots(expand, subscriptionRoots);
  const subscription = storedOrMissing(state.subscriptions, 'subscription', idParam(request));
  // `billing_cycle_anchor[type]` in the pinned version; a bare `now`/`unchanged` in earlier ones.
  if (params.isHash('billing_cycle_anchor')) {
    params.object('billing_cycle_anchor', ['type'])?.oneOf('type', ['now', 'unchanged']);
  } else {
    params.oneOf('billing_cycle_anchor', ['now', 'unchanged']);
  }
  params.oneOf('payment_behavior', ['resume_on_payment_attempt', 'resume_on_payment_success']);
  params.oneOf('proration_behavior', prorationBehaviors);
  params.integer('proration_date', { min: 0 });
  if (subscription.status !== 'paused') {
    throw invalidRequest(
      `Only a paused subscription can be resumed; ${subscription.id} is ${subscription.status}.`,
    );
  }
  const customer = customerParam(context, subscription.customer, 'customer');
  resumeSubscription(context, customer, subscription, customerNow(state, customer), originOf(request));
  return answer(context, subscriptionObject(state, subscription), expand);
}

const searchSubscriptions = searchHandler(
  subscriptionSearch,
  (state) => state.subscriptions.values(),
  subscriptionObject,
);

const retrieveSubscription = retrieveHandler(
  'subscription',
  (state) => state.subscriptions,
  subscriptionObject,
);

/** Subscriptions: create, retrieve, list, update, resume, cancel. */
export function registerSubscriptionRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/subscriptions': createSubscriptionHandler,
    'GET /v1/subscriptions/:id': retrieveSubscription,
    'GET /v1/subscriptions': listSubscriptions,
    'POST /v1/subscriptions/:id': updateSubscriptionHandler,
    'POST /v1/subscriptions/:id/resume': resumeSubscriptionHandler,
    'DELETE /v1/subscriptions/:id': cancelSubscription,
    'GET /v1/subscriptions/search': searchSubscriptions,
  });
}
