import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, buildPaymentsApp } from '#payments/app.ts';
import { loadPaymentsConfig } from '#payments/config.ts';
import { stripeApiVersions } from '#payments/http/stripe-api-versions.ts';
import {
  createCardlessTrialSession,
  createSession,
  eventually,
  monthlyPrice,
  noCard,
  secretKey,
  startTestPayments,
  startWebhookReceiver,
  type TestPayments,
} from '#payments/test/test-payments.ts';
import { eventTypes } from '#payments/webhooks/event-types.ts';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';
import type { SchemaRootName } from './schema-roots.ts';
import { StripeSchemas, type Verdict } from './stripe-schemas.ts';

// The emulator against the pinned `stripe` package's own types: every API route is called through
// the real SDK, and every answer, and every webhook payload sent, is validated against JSON Schema
// generated from the SDK's TypeScript types (stripe-schemas.ts; generated into node_modules/.cache on
// the first run after a change of `stripe` or of the roots). The counts are printed.

type Root = SchemaRootName | 'EmittedEvent' | 'EventList';

/** Each API route, the SDK method that calls it, and the SDK type of its answer. */
const operations: { route: string; method: string; root: Root }[] = [
  { route: 'POST /v1/customers', method: 'customers.create', root: 'Customer' },
  { route: 'GET /v1/customers/:id', method: 'customers.retrieve', root: 'Customer' },
  { route: 'POST /v1/customers/:id', method: 'customers.update', root: 'Customer' },
  { route: 'DELETE /v1/customers/:id', method: 'customers.del', root: 'DeletedCustomer' },
  { route: 'GET /v1/customers', method: 'customers.list', root: 'CustomerList' },
  { route: 'GET /v1/customers/search', method: 'customers.search', root: 'CustomerSearchResult' },
  {
    route: 'GET /v1/customers/:id/payment_methods',
    method: 'customers.listPaymentMethods',
    root: 'PaymentMethodList',
  },
  {
    route: 'POST /v1/customers/:id/balance_transactions',
    method: 'customers.createBalanceTransaction',
    root: 'CustomerBalanceTransaction',
  },
  {
    route: 'GET /v1/customers/:id/balance_transactions',
    method: 'customers.listBalanceTransactions',
    root: 'CustomerBalanceTransactionList',
  },
  {
    route: 'GET /v1/customers/:id/balance_transactions/:transaction',
    method: 'customers.retrieveBalanceTransaction',
    root: 'CustomerBalanceTransaction',
  },
  { route: 'GET /v1/payment_methods/:id', method: 'paymentMethods.retrieve', root: 'PaymentMethod' },
  { route: 'GET /v1/payment_methods', method: 'paymentMethods.list', root: 'PaymentMethodList' },
  { route: 'POST /v1/payment_methods/:id/attach', method: 'paymentMethods.attach', root: 'PaymentMethod' },
  { route: 'POST /v1/payment_methods/:id/detach', method: 'paymentMethods.detach', root: 'PaymentMethod' },
  { route: 'POST /v1/setup_intents', method: 'setupIntents.create', root: 'SetupIntent' },
  { route: 'GET /v1/setup_intents/:id', method: 'setupIntents.retrieve', root: 'SetupIntent' },
  { route: 'POST /v1/setup_intents/:id/confirm', method: 'setupIntents.confirm', root: 'SetupIntent' },
  { route: 'POST /v1/setup_intents/:id/cancel', method: 'setupIntents.cancel', root: 'SetupIntent' },
  { route: 'GET /v1/setup_intents', method: 'setupIntents.list', root: 'SetupIntentList' },
  { route: 'POST /v1/products', method: 'products.create', root: 'Product' },
  { route: 'POST /v1/products/:id', method: 'products.update', root: 'Product' },
  { route: 'GET /v1/products', method: 'products.list', root: 'ProductList' },
  { route: 'GET /v1/products/:id', method: 'products.retrieve', root: 'Product' },
  { route: 'GET /v1/products/search', method: 'products.search', root: 'ProductSearchResult' },
  { route: 'GET /v1/prices/search', method: 'prices.search', root: 'PriceSearchResult' },
  { route: 'GET /v1/prices', method: 'prices.list', root: 'PriceList' },
  { route: 'GET /v1/prices/:id', method: 'prices.retrieve', root: 'Price' },
  { route: 'POST /v1/prices', method: 'prices.create', root: 'Price' },
  { route: 'POST /v1/prices/:id', method: 'prices.update', root: 'Price' },
  { route: 'POST /v1/checkout/sessions', method: 'checkout.sessions.create', root: 'CheckoutSession' },
  { route: 'GET /v1/checkout/sessions/:id', method: 'checkout.sessions.retrieve', root: 'CheckoutSession' },
  {
    route: 'GET /v1/checkout/sessions/:id/line_items',
    method: 'checkout.sessions.listLineItems',
    root: 'CheckoutLineItemList',
  },
  { route: 'GET /v1/checkout/sessions', method: 'checkout.sessions.list', root: 'CheckoutSessionList' },
  {
    route: 'POST /v1/checkout/sessions/:id/expire',
    method: 'checkout.sessions.expire',
    root: 'CheckoutSession',
  },
  {
    route: 'POST /v1/billing_portal/sessions',
    method: 'billingPortal.sessions.create',
    root: 'BillingPortalSession',
  },
  { route: 'POST /v1/subscriptions', method: 'subscriptions.create', root: 'Subscription' },
  { route: 'GET /v1/subscriptions/:id', method: 'subscriptions.retrieve', root: 'Subscription' },
  { route: 'GET /v1/subscriptions', method: 'subscriptions.list', root: 'SubscriptionList' },
  { route: 'POST /v1/subscriptions/:id', method: 'subscriptions.update', root: 'Subscription' },
  { route: 'POST /v1/subscriptions/:id/resume', method: 'subscriptions.resume', root: 'Subscription' },
  { route: 'DELETE /v1/subscriptions/:id', method: 'subscriptions.cancel', root: 'Subscription' },
  { route: 'GET /v1/subscriptions/search', method: 'subscriptions.search', root: 'SubscriptionSearchResult' },
  { route: 'GET /v1/invoices/:id', method: 'invoices.retrieve', root: 'Invoice' },
  { route: 'GET /v1/invoices', method: 'invoices.list', root: 'InvoiceList' },
  { route: 'GET /v1/invoices/search', method: 'invoices.search', root: 'InvoiceSearchResult' },
  { route: 'POST /v1/invoices/:id/pay', method: 'invoices.pay', root: 'Invoice' },
  { route: 'POST /v1/invoices/create_preview', method: 'invoices.createPreview', root: 'Invoice' },
  { route: 'GET /v1/invoiceitems/:id', method: 'invoiceItems.retrieve', root: 'InvoiceItem' },
  { route: 'GET /v1/invoiceitems', method: 'invoiceItems.list', root: 'InvoiceItemList' },
  { route: 'GET /v1/events/:id', method: 'events.retrieve', root: 'EmittedEvent' },
  { route: 'GET /v1/events', method: 'events.list', root: 'EventList' },
  { route: 'POST /v1/webhook_endpoints', method: 'webhookEndpoints.create', root: 'WebhookEndpoint' },
  { route: 'GET /v1/webhook_endpoints/:id', method: 'webhookEndpoints.retrieve', root: 'WebhookEndpoint' },
  { route: 'GET /v1/webhook_endpoints', method: 'webhookEndpoints.list', root: 'WebhookEndpointList' },
  { route: 'POST /v1/webhook_endpoints/:id', method: 'webhookEndpoints.update', root: 'WebhookEndpoint' },
  {
    route: 'DELETE /v1/webhook_endpoints/:id',
    method: 'webhookEndpoints.del',
    root: 'DeletedWebhookEndpoint',
  },
  { route: 'POST /v1/test_helpers/test_clocks', method: 'testHelpers.testClocks.create', root: 'TestClock' },
  {
    route: 'GET /v1/test_helpers/test_clocks/:id',
    method: 'testHelpers.testClocks.retrieve',
    root: 'TestClock',
  },
  { route: 'GET /v1/test_helpers/test_clocks', method: 'testHelpers.testClocks.list', root: 'TestClockList' },
  {
    route: 'POST /v1/test_helpers/test_clocks/:id/advance',
    method: 'testHelpers.testClocks.advance',
    root: 'TestClock',
  },
  {
    route: 'DELETE /v1/test_helpers/test_clocks/:id',
    method: 'testHelpers.testClocks.del',
    root: 'DeletedTestClock',
  },
  { route: 'POST /v1/billing/meters', method: 'billing.meters.create', root: 'Meter' },
  { route: 'GET /v1/billing/meters', method: 'billing.meters.list', root: 'MeterList' },
  { route: 'GET /v1/billing/meters/:id', method: 'billing.meters.retrieve', root: 'Meter' },
  { route: 'POST /v1/billing/meters/:id', method: 'billing.meters.update', root: 'Meter' },
  { route: 'POST /v1/billing/meters/:id/deactivate', method: 'billing.meters.deactivate', root: 'Meter' },
  { route: 'POST /v1/billing/meters/:id/reactivate', method: 'billing.meters.reactivate', root: 'Meter' },
  {
    route: 'GET /v1/billing/meters/:id/event_summaries',
    method: 'billing.meters.listEventSummaries',
    root: 'MeterEventSummaryList',
  },
  { route: 'POST /v1/billing/meter_events', method: 'billing.meterEvents.create', root: 'MeterEvent' },
  { route: 'POST /v1/subscription_items', method: 'subscriptionItems.create', root: 'SubscriptionItem' },
  { route: 'POST /v1/coupons', method: 'coupons.create', root: 'Coupon' },
  { route: 'GET /v1/coupons', method: 'coupons.list', root: 'CouponList' },
  { route: 'GET /v1/coupons/:id', method: 'coupons.retrieve', root: 'Coupon' },
  { route: 'POST /v1/promotion_codes', method: 'promotionCodes.create', root: 'PromotionCode' },
  { route: 'GET /v1/promotion_codes', method: 'promotionCodes.list', root: 'PromotionCodeList' },
  { route: 'GET /v1/promotion_codes/:id', method: 'promotionCodes.retrieve', root: 'PromotionCode' },
  { route: 'POST /v1/promotion_codes/:id', method: 'promotionCodes.update', root: 'PromotionCode' },
];

type Recorded = { method: string; path: string; status: number; body: unknown };

/** The operation a request went to: the route whose pattern matches, the most literal one first. */
function operationOf(method: string, requestPath: string) {
  const pathname = requestPath.split('?')[0] ?? '';
  const matches = operations.filter((operation) => {
    const [routeMethod, pattern = ''] = operation.route.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[a-z_]+/g, '[^/]+')}$`);
    return routeMethod === method && regex.test(pathname);
  });
  const literalSegments = (route: string) =>
    route.split('/').filter((segment) => !segment.startsWith(':')).length;
  return matches.sort((a, b) => literalSegments(b.route) - literalSegments(a.route))[0];
}

let schemas: StripeSchemas;
let payments: TestPayments;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stripe: Stripe;
const recorded: Recorded[] = [];

beforeAll(async () => {
  schemas = await StripeSchemas.load();
  receiver = await startWebhookReceiver();
  payments = await startTestPayments({ STRIPE_WEBHOOK_URL: receiver.url });
  const port = Number(new URL(payments.origin).port);
  // emitEventBodies: the SDK hands every answer's parsed JSON to 'response' listeners, before it
  // turns anything into its own classes.
  stripe = new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    emitEventBodies: true,
  });
  stripe.on('response', (event: Stripe.ResponseEvent) => {
    const { body } = event as typeof event & { body?: unknown };
    recorded.push({
      method: event.method,
      path: event.path,
      status: event.status,
      body: structuredClone(body),
    });
  });
  // Generating the schemas when they are missing takes about 7 s alone, longer beside other suites.
}, 120_000);

afterAll(async () => {
  await payments?.destroy();
  await receiver?.close();
});

const day = 24 * 60 * 60;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? '');

/** Everything the product's billing does, and every other route, through the SDK. */
async function runScenario() {
  // The catalogue as `npm run stripe:setup` makes it, and an operator's changes to it.
  const product = await stripe.products.create({
    name: 'Team',
    unit_label: 'seat',
    marketing_features: [{ name: 'Everything' }],
    metadata: { plan: 'team' },
  });
  const teamPrice = await stripe.prices.create(monthlyPrice(product.id, 2000, 'team'));
  await stripe.products.update(product.id, { default_price: teamPrice.id, description: 'For teams' });
  const newTeamPrice = await stripe.prices.create({
    ...monthlyPrice(product.id, 2200, 'team'),
    transfer_lookup_key: true,
  });
  await stripe.prices.update(teamPrice.id, { active: false });
  const products = await stripe.products.list();
  await stripe.products.retrieve(products.data[0]?.id ?? '');
  const prices = await stripe.prices.list({ lookup_keys: ['pro', 'team'], expand: ['data.product'] });
  const pro = prices.data.find((price) => price.lookup_key === 'pro')?.id ?? '';
  await stripe.prices.retrieve(pro);
  await stripe.prices.search({ query: "active:'true' AND lookup_key:'team'" });
  await stripe.products.search({ query: "name~'Tea' AND metadata['plan']:'team'" });

  const customer = await stripe.customers.create({ email: 'conformance@example.com', name: 'Ada' });
  await stripe.customers.retrieve(customer.id);
  await stripe.customers.update(customer.id, { name: 'Ada Lovelace', metadata: { uid: 'u1' } });
  await stripe.customers.list({ email: 'conformance@example.com' });
  await stripe.customers.search({ query: 'email:"conformance@example.com"' });
  await stripe.customers.search({
    query: 'metadata["uid"]:"u1" OR name~"Lovelace"',
    expand: ['total_count'],
  });

  const session = await createSession(stripe, {
    customer: customer.id,
    line_items: [{ price: pro, quantity: 5 }],
  });
  await stripe.checkout.sessions.retrieve(session.id);
  await stripe.checkout.sessions.listLineItems(session.id);
  expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id, {
    expand: ['subscription', 'line_items'],
  });
  await stripe.checkout.sessions.list({ customer: customer.id });
  const credit = await stripe.customers.createBalanceTransaction(customer.id, {
    amount: -500,
    currency: 'usd',
    description: 'Conformance credit',
    metadata: { reason: 'goodwill' },
  });
  await stripe.customers.retrieveBalanceTransaction(customer.id, credit.id);
  await stripe.customers.listBalanceTransactions(customer.id, { limit: 5 });
  const unpaid = await createSession(stripe, { customer_email: 'later@example.com', ui_mode: 'hosted_page' });
  await stripe.checkout.sessions.expire(unpaid.id);

  await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://127.0.0.1:3999/' });
  await stripe.billingPortal.sessions.create({
    customer: customer.id,
    flow_data: {
      type: 'payment_method_update',
      after_completion: { type: 'redirect', redirect: { return_url: 'http://127.0.0.1:3999/billing' } },
    },
  });

  const subscriptionId = idOf(completed.subscription);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['latest_invoice', 'default_payment_method', 'customer'],
  });
  const paymentMethod = idOf(subscription.default_payment_method);
  await stripe.paymentMethods.retrieve(paymentMethod);
  await stripe.customers.listPaymentMethods(customer.id);
  await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
  await stripe.subscriptions.search({ query: 'status:"active" AND metadata["none"]:null' });
  const itemId = subscription.items.data[0]?.id ?? '';
  await meterScenario(customer.id, subscriptionId, product.id);
  await discountScenario(pro);
  // A seat change billed on the next invoice, then a plan change billed at once.
  await stripe.invoices.createPreview({
    customer: customer.id,
    subscription: subscriptionId,
    subscription_details: { items: [{ id: itemId, quantity: 6 }], proration_behavior: 'create_prorations' },
  });
  await stripe.subscriptions.update(subscriptionId, {
    items: [{ id: itemId, quantity: 6 }],
    metadata: { note: 'more seats' },
  });
  await stripe.subscriptions.update(subscriptionId, {
    items: [{ id: itemId, price: newTeamPrice.id }],
    proration_behavior: 'always_invoice',
  });
  const items = await stripe.invoiceItems.list({ customer: customer.id });
  await stripe.invoiceItems.retrieve(items.data[0]?.id ?? '');
  await stripe.invoices.createPreview({ customer: customer.id });
  const second = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: pro, quantity: 1 }],
    default_payment_method: paymentMethod,
  });
  await stripe.subscriptions.cancel(second.id);
  const invoices = await stripe.invoices.list({ customer: customer.id });
  await stripe.invoices.retrieve(invoices.data[0]?.id ?? '', { expand: ['customer'] });
  await stripe.invoices.search({ query: `customer:'${customer.id}' AND total>0` });

  // Cards outside Checkout: a SetupIntent saves the card that fails later charges, an API-made
  // subscription on it is incomplete, a good card pays its invoice; cards listed and detached.
  const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_chargeCustomerFail' });
  const saved = await stripe.setupIntents.retrieve(setup.id);
  await stripe.setupIntents.list({ customer: customer.id, limit: 2 });
  await stripe.setupIntents.cancel((await stripe.setupIntents.create({ customer: customer.id })).id, {
    cancellation_reason: 'abandoned',
  });
  const failing = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: pro, quantity: 1 }],
    default_payment_method: idOf(saved.payment_method),
  });
  const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  await stripe.invoices.pay(idOf(failing.latest_invoice), { payment_method: visa.id });
  await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
  await stripe.paymentMethods.detach(idOf(saved.payment_method));

  // Time on a test clock: a trial that warns, ends and fails (0341), then renewals.
  const start = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'Conformance' });
  const trialCustomer = await stripe.customers.create({ email: 'trial@example.com', test_clock: clock.id });
  const trial = await createSession(stripe, {
    customer: trialCustomer.id,
    subscription_data: { trial_period_days: 7 },
  });
  expect((await payments.payCheckout(trial.url ?? '', { card_number: '4000 0000 0000 0341' })).status).toBe(
    303,
  );
  // A trial without a card, paused at its end, resumed once a card is the customer's default.
  const cardless = await stripe.customers.create({ email: 'cardless@example.com', test_clock: clock.id });
  const cardlessTrial = await createCardlessTrialSession(stripe, cardless.id, {
    days: 7,
    missingPaymentMethod: 'pause',
  });
  expect((await payments.payCheckout(cardlessTrial.url ?? '', noCard)).status).toBe(303);
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 8 * day });
  const pausedId = idOf((await stripe.checkout.sessions.retrieve(cardlessTrial.id)).subscription);
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: cardless.id });
  await stripe.customers.update(cardless.id, { invoice_settings: { default_payment_method: card.id } });
  await stripe.subscriptions.resume(pausedId, { billing_cycle_anchor: { type: 'now' } });
  await stripe.testHelpers.testClocks.retrieve(clock.id);
  await stripe.testHelpers.testClocks.list();
  await stripe.testHelpers.testClocks.del(clock.id);

  const endpoint = await stripe.webhookEndpoints.create({
    url: 'http://127.0.0.1:1/elsewhere',
    enabled_events: ['invoice.paid'],
  });
  await stripe.webhookEndpoints.retrieve(endpoint.id);
  await stripe.webhookEndpoints.update(endpoint.id, { disabled: true, description: 'Off' });
  await stripe.webhookEndpoints.list();
  await stripe.webhookEndpoints.del(endpoint.id);

  const gone = await stripe.customers.create({ email: 'gone@example.com' });
  await stripe.customers.del(gone.id);

  const events = await stripe.events.list({ limit: 100 });
  await stripe.events.retrieve(events.data[0]?.id ?? '');
}

/** Coupons, promotion codes, an embedded session, and an invoice with a discount and tax. */
async function discountScenario(price: string) {
  const coupon = await stripe.coupons.create({
    percent_off: 50,
    duration: 'repeating',
    duration_in_months: 3,
  });
  await stripe.coupons.retrieve(coupon.id);
  await stripe.coupons.list();
  const code = await stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: coupon.id },
    code: 'HALF',
  });
  await stripe.promotionCodes.retrieve(code.id);
  await stripe.promotionCodes.list({ code: 'HALF' });
  await stripe.promotionCodes.update(code.id, { metadata: { campaign: 'spring' } });
  const buyer = await stripe.customers.create({ email: 'discounted@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    customer: buyer.id,
    line_items: [{ price, quantity: 5 }],
    return_url: 'http://127.0.0.1:3999/dashboard?session_id={CHECKOUT_SESSION_ID}',
    allow_promotion_codes: true,
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    customer_update: { address: 'auto', name: 'auto' },
  });
  const page = `${payments.origin}/c/embed/${session.client_secret}`;
  await payments.postForm(`${page}/promotion-code`, { promotion_code: 'HALF' });
  expect((await payments.payCheckout(page, { tax_id: '12-3456789' } as never)).status).toBe(200);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  await stripe.invoices.retrieve(idOf(completed.invoice));
}

/** Usage on a meter: the meter's life, a metered price on the subscription, events and summaries. */
async function meterScenario(customer: string, subscription: string, product: string) {
  const meter = await stripe.billing.meters.create({
    display_name: 'Items created',
    event_name: 'conformance_items',
    default_aggregation: { formula: 'sum' },
  });
  await stripe.billing.meters.update(meter.id, { display_name: 'Items' });
  await stripe.billing.meters.deactivate(meter.id);
  await stripe.billing.meters.reactivate(meter.id);
  await stripe.billing.meters.retrieve(meter.id);
  await stripe.billing.meters.list({ status: 'active' });
  const metered = await stripe.prices.create({
    product,
    currency: 'usd',
    unit_amount: 5,
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
  });
  await stripe.subscriptionItems.create({ subscription, price: metered.id });
  await stripe.billing.meterEvents.create({
    event_name: 'conformance_items',
    payload: { stripe_customer_id: customer, value: '3' },
    identifier: 'conformance-1',
  });
  const now = Math.floor(Date.now() / 60_000) * 60;
  await stripe.billing.meters.listEventSummaries(meter.id, {
    customer,
    start_time: now - 3600,
    end_time: now + 3600,
    value_grouping_window: 'hour',
  });
}

const share = (valid: number, total: number) => `${valid}/${total} (${Math.round((100 * valid) / total)} %)`;

describe('conformance with the stripe package types', () => {
  it("knows every API version the package lists, and speaks the package's own", () => {
    expect([...stripeApiVersions]).toEqual(schemas.enumValues('ApiVersion'));
    expect(schemas.apiVersion).toBe(apiVersion);
  });

  it('covers every API route of the emulator', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payments-routes-'));
    try {
      const app = await buildPaymentsApp(
        loadPaymentsConfig({ PAYMENTS_DATA_DIR: dataDir, STRIPE_WEBHOOK_URL: 'none', LOG_LEVEL: 'silent' }),
        { logger: false },
      );
      const routes = apiRoutes(app);
      await app.close();
      expect(routes.filter((route) => !operations.some((operation) => operation.route === route))).toEqual(
        [],
      );
      expect(operations.filter((operation) => !routes.includes(operation.route))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // The scenario is quick; compiling the validators of Stripe's large types takes most of the time.
  it('answers and sends only what the SDK types describe', { timeout: 120_000 }, async () => {
    const started = Date.now();
    await runScenario();
    const scenarioMs = Date.now() - started;
    // Every event made is delivered to the configured endpoint: wait for all of them.
    const sent = await payments.stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
    await eventually(() => expect(receiver.received.length).toBeGreaterThanOrEqual(sent.length), 20_000);
    const types = new Set(receiver.types());
    expect(eventTypes.filter((type) => !types.has(type))).toEqual([]);

    const failures: string[] = [];
    const byOperation = new Map<string, Verdict[]>();
    let responses = 0;
    let validResponses = 0;
    for (const request of recorded) {
      const operation = operationOf(request.method, request.path);
      if (!operation) {
        failures.push(`${request.method} ${request.path}: no operation in the suite`);
        continue;
      }
      if (request.status >= 400) {
        failures.push(`${operation.method}: ${request.status} ${JSON.stringify(request.body).slice(0, 200)}`);
        continue;
      }
      const verdict = schemas.validate(operation.root, request.body);
      responses++;
      if (verdict.valid) validResponses++;
      else failures.push(`${operation.method} (${operation.root}): ${verdict.errors.join('; ')}`);
      byOperation.set(operation.method, [...(byOperation.get(operation.method) ?? []), verdict]);
    }
    const validOperations = operations.filter((operation) =>
      (byOperation.get(operation.method) ?? []).every((verdict) => verdict.valid),
    );
    const untested = operations.filter((operation) => !byOperation.has(operation.method));

    const byType = new Map<string, Verdict[]>();
    for (const delivery of receiver.received) {
      const event = JSON.parse(delivery.body) as { type: string };
      const verdict = schemas.validateEvent(event);
      if (!verdict.valid) failures.push(`event ${event.type}: ${verdict.errors.join('; ')}`);
      byType.set(event.type, [...(byType.get(event.type) ?? []), verdict]);
    }
    const validTypes = [...byType.values()].filter((verdicts) => verdicts.every((verdict) => verdict.valid));
    const payloads = [...byType.values()].flat();

    const total = operations.length + byType.size;
    console.log(
      [
        `Payments conformance (stripe package types, API ${schemas.apiVersion}):`,
        `  operations   ${share(validOperations.length, operations.length)} (${validResponses}/${responses} answers)`,
        `  event types  ${share(validTypes.length, byType.size)} (${payloads.filter((each) => each.valid).length}/${payloads.length} payloads)`,
        `  total        ${share(validOperations.length + validTypes.length, total)}`,
        `  (scenario ${(scenarioMs / 1000).toFixed(1)} s, validation ${((Date.now() - started - scenarioMs) / 1000).toFixed(1)} s)`,
        ...failures.slice(0, 40).map((failure) => `  ✗ ${failure}`),
      ].join('\n'),
    );
    expect(untested.map((operation) => operation.method)).toEqual([]);
    expect(failures).toEqual([]);
  });
});
