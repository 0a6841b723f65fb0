import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activePrice } from '#payments/billing/catalogue.ts';
import { expireCheckoutSession } from '#payments/billing/complete-checkout.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { answeredVersion } from '#payments/http/api-version.ts';
import type { Params } from '#payments/http/params.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { uiModesIn } from '#payments/objects/checkout-session-in-version.ts';
import { checkoutLineItemObjects, checkoutSessionObject } from '#payments/objects/checkout-session-object.ts';
import type { CheckoutSessionRecord, PaymentsState } from '#payments/storage/payments-state.ts';
import type { EventOrigin } from '#payments/webhooks/emit-event.ts';
import {
  checkoutExtrasParams,
  checkoutOptionParams,
  clientSecretFor,
  completionParams,
} from './checkout-session-options.ts';
import { answerList, matchesFilters } from './read-answers.ts';
import {
  answer,
  checkExpandRoots,
  customerParam,
  emailParam,
  idParam,
  originOf,
  paramsOf,
  urlParam,
} from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const createCheckoutSessionParams = [
  'mode',
  'line_items',
  'customer',
  'customer_email',
  'client_reference_id',
  'success_url',
  'cancel_url',
  'subscription_data',
  'metadata',
  'payment_method_types',
  'ui_mode',
  'payment_method_collection',
  ...checkoutOptionParams,
];

// Stripe's Checkout Sessions last 24 hours.
export const checkoutLifetime = 24 * 60 * 60;
export const maxQuantity = 10_000;

const sessionRoots = ['customer', 'subscription', 'invoice', 'line_items', 'payment_intent', 'setup_intent'];
const page = ['limit', 'starting_after', 'ending_before'];

/** An open session past its expiry becomes expired when next looked at (the sweep does it too). */
export function findCheckoutSession(
  context: PaymentsContext,
  id: string,
  origin: EventOrigin,
): CheckoutSessionRecord | undefined {
  const session = context.store.state.checkoutSessions.get(id);
  if (session?.status === 'open' && session.expiresAt <= realNow())
    expireCheckoutSession(context, session, origin);
  return session;
}

async function createCheckoutSession(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, createCheckoutSessionParams);
  const expand = params.expand();
  checkExpandRoots(expand, sessionRoots);
  const uiMode = checkSupportedMode(params, answeredVersion(request));
  const { price, quantity } = lineItemParam(state, params);
  const { customer, customerEmail } = customerParams(context, params);
  const clientReferenceId = params.text('client_reference_id', { max: 200 }) ?? null;
  const { successUrl, embedded } = completionParams(params, uiMode);
  const cancelText = params.text('cancel_url');
  const cancelUrl = cancelText === undefined ? null : urlParam(cancelText, 'cancel_url');
  const { trialPeriodDays, subscriptionMetadata, missingPaymentMethod } = subscriptionDataParam(params);
  const paymentMethodCollection = params.oneOf('payment_method_collection', ['always', 'if_required']);
  const metadata = params.metadataUpdate()?.({}) ?? {};

  const created = realNow();
  const session: CheckoutSessionRecord = {
    id: newId('cs_test'),
    created,
    expiresAt: created + checkoutLifetime,
    status: 'open',
    customer: customer?.id ?? null,
    customerEmail,
    clientReferenceId,
    successUrl,
    cancelUrl,
    lineItems: [{ id: newId('li'), price: price.id, quantity }],
    trialPeriodDays,
    subscriptionMetadata,
    metadata,
    subscription: null,
    invoice: null,
    customerDetails: null,
    pendingAuthentication: null,
    ...(paymentMethodCollection && { paymentMethodCollection }),
    ...(missingPaymentMethod && { missingPaymentMethod }),
    ...checkoutExtrasParams(params),
  };
  if (embedded) session.embedded = { clientSecret: clientSecretFor(session.id) };
  state.checkoutSessions.set(session.id, session);
  return answer(context, checkoutSessionObject(state, context.urls, session), expand);
}

/** The name a version gives the hosted page. */
const hostedIn = (modes: Record<string, string>) =>
  Object.keys(modes).find((mode) => modes[mode] === 'hosted_page') ?? 'hosted_page';

/**
 * Subscription mode on the hosted page or embedded (the emulator's Stripe.js mounts its page) with
 * cards: what the emulator implements of Checkout. Answers the pinned version's name of the UI mode.
 */
function checkSupportedMode(params: Params, version: string): string {
  const mode = params.text('mode');
  if (mode === undefined) throw parameterMissing('mode');
  if (mode === 'payment' || mode === 'setup') {
    throw parameterInvalid('mode', 'The payments emulator supports Checkout in mode=subscription only.');
  }
  params.oneOf('mode', ['subscription']);
  // The request's API version's modes (hosted before dahlia, hosted_page after); the emulator has a
  // hosted page and an embedded one (its Stripe.js, routes/stripe-js-routes.ts), no Elements.
  const modes = uiModesIn(version);
  const uiMode = params.oneOf('ui_mode', Object.keys(modes));
  const pinned = uiMode === undefined ? 'hosted_page' : (modes[uiMode] ?? uiMode);
  if (pinned !== 'hosted_page' && pinned !== 'embedded_page') {
    throw parameterInvalid(
      'ui_mode',
      `The payments emulator supports Checkout with ui_mode=${hostedIn(modes)} or its embedded page only (${uiMode} needs Stripe Elements).`,
    );
  }
  const methodTypes = params.stringList('payment_method_types', { max: 100 });
  if (methodTypes?.some((type) => type !== 'card')) {
    throw parameterInvalid('payment_method_types', 'The payments emulator takes card payments only.');
  }
  return pinned;
}

/** The one line item (the plan): its active price and quantity. */
function lineItemParam(state: PaymentsState, params: Params) {
  const lineItems = params.objectList('line_items', ['price', 'quantity']);
  if (!lineItems || lineItems.length === 0) throw parameterMissing('line_items');
  if (lineItems.length > 1) {
    throw parameterInvalid(
      'line_items',
      'The payments emulator supports one line item (the plan) per Checkout Session.',
    );
  }
  const [lineItem] = lineItems;
  if (!lineItem) throw parameterMissing('line_items');
  const price = activePrice(state, lineItem.requiredText('price', { max: 200 }), lineItem.name('price'));
  const quantity = lineItem.integer('quantity', { min: 1, max: maxQuantity });
  if (quantity === undefined) throw parameterMissing(lineItem.name('quantity'));
  return { price, quantity };
}

/** `customer` or `customer_email`, never both. */
function customerParams(context: PaymentsContext, params: Params) {
  const customerId = params.text('customer', { max: 200 });
  const customerEmailText = params.text('customer_email', { max: 512 });
  if (customerId !== undefined && customerEmailText !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
      param: 'customer_email',
    });
  }
  const customer = customerId === undefined ? undefined : customerParam(context, customerId, 'customer');
  const customerEmail =
    customerEmailText === undefined ? null : emailParam(customerEmailText, 'customer_email');
  return { customer, customerEmail };
}

function subscriptionDataParam(params: Params) {
  const subscriptionData = params.object('subscription_data', [
    'trial_period_days',
    'metadata',
    'description',
    'trial_settings',
  ]);
  const trialPeriodDays = subscriptionData?.integer('trial_period_days', { min: 1, max: 730 }) ?? null;
  subscriptionData?.text('description', { max: 500 });
  const subscriptionMetadata = subscriptionData?.metadataUpdate()?.({}) ?? {};
  const missingPaymentMethod = subscriptionData
    ?.object('trial_settings', ['end_behavior'])
    ?.object('end_behavior', ['missing_payment_method'])
    ?.oneOf('missing_payment_method', ['cancel', 'create_invoice', 'pause']);
  return { trialPeriodDays, subscriptionMetadata, missingPaymentMethod };
}

async function retrieveCheckoutSession(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, []);
  const session = findCheckoutSession(context, idParam(request), originOf(request));
  if (!session) throw resourceMissing('checkout.session', idParam(request));
  return answer(context, checkoutSessionObject(context.store.state, context.urls, session), params.expand());
}

async function listCheckoutLineItems(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, page);
  const session = storedOrMissing(state.checkoutSessions, 'checkout.session', idParam(request));
  const items = checkoutLineItemObjects(state, session);
  // answerList lists newest first; line items keep their order.
  return answerList(context, params, [...items].reverse(), {
    url: `/v1/checkout/sessions/${session.id}/line_items`,
    kind: 'line item',
    render: (item) => item,
  });
}

async function listCheckoutSessions(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['customer', 'status', 'subscription', ...page]);
  const customer = params.text('customer', { max: 200 });
  const status = params.oneOf('status', ['open', 'complete', 'expired']);
  const subscription = params.text('subscription', { max: 200 });
  const sessions = [...state.checkoutSessions.values()].filter((session) =>
    matchesFilters(session, { customer, status, subscription }),
  );
  return answerList(context, params, sessions, {
    url: '/v1/checkout/sessions',
    kind: 'checkout.session',
    render: (session) => checkoutSessionObject(state, context.urls, session),
  });
}

async function expireSession(context: PaymentsContext, request: FastifyRequest) {
  const params = paramsOf(request, []);
  const expand = params.expand();
  checkExpandRoots(expand, sessionRoots);
  const session = findCheckoutSession(context, idParam(request), originOf(request));
  if (!session) throw resourceMissing('checkout.session', idParam(request));
  if (session.status !== 'open') {
    throw invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.', {
      code: 'checkout_session_not_open',
    });
  }
  expireCheckoutSession(context, session, originOf(request));
  return answer(context, checkoutSessionObject(context.store.state, context.urls, session), expand);
}

/** Checkout Sessions in subscription mode: create, retrieve, list, line items, expire. */
export function registerCheckoutSessionRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/checkout/sessions': createCheckoutSession,
    'GET /v1/checkout/sessions/:id': retrieveCheckoutSession,
    'GET /v1/checkout/sessions/:id/line_items': listCheckoutLineItems,
    'GET /v1/checkout/sessions': listCheckoutSessions,
    'POST /v1/checkout/sessions/:id/expire': expireSession,
  });
}
