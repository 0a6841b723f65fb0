import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveCustomer } from '#payments/billing/customers.ts';
import { previewInvoice } from '#payments/billing/invoice-preview.ts';
import { markPaidOutOfBand, payOpenInvoice } from '#payments/billing/pay-open-invoice.ts';
import { attachPaymentMethod } from '#payments/billing/payment-methods.ts';
import { isEnded, prorationBehaviors } from '#payments/billing/subscriptions.ts';
import type { PaymentsContext } from '#payments/context.ts';
import type { SearchFields } from '#payments/http/search-query.ts';
import { cardError, invalidRequest, parameterMissing, resourceMissing } from '#payments/http/stripe-error.ts';
import { invoiceItemObject } from '#payments/objects/invoice-item-object.ts';
import { invoiceObject } from '#payments/objects/invoice-object.ts';
import type { InvoiceRecord } from '#payments/storage/payments-state.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, customerParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { searchHandler } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';
import { itemChange } from './subscription-routes.ts';

const page = ['limit', 'starting_after', 'ending_before'];
const invoiceRoots = ['customer', 'subscription', 'default_payment_method', 'lines', 'test_clock'];

// "Query fields for invoices" (docs.stripe.com/search); the emulator has no receipts or finalization
// errors, so those fields match only null.
const invoiceSearch: SearchFields<InvoiceRecord> = {
  resource: 'invoices',
  fields: {
    created: { kind: 'number', get: (invoice) => invoice.created },
    currency: { kind: 'string', get: (invoice) => invoice.currency },
    customer: { kind: 'string', get: (invoice) => invoice.customer },
    last_finalization_error_code: { kind: 'string', get: () => null },
    last_finalization_error_type: { kind: 'string', get: () => null },
    number: { kind: 'string', get: (invoice) => invoice.number },
    receipt_number: { kind: 'string', get: () => null },
    status: { kind: 'string', get: (invoice) => invoice.status },
    subscription: { kind: 'string', get: (invoice) => invoice.subscription },
    total: { kind: 'number', get: (invoice) => invoice.total },
  },
  metadata: () => ({}),
};

async function payInvoice(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['payment_method', 'off_session', 'paid_out_of_band']);
  const expand = params.expand();
  checkExpandRoots(expand, invoiceRoots);
  const invoice = storedOrMissing(state.invoices, 'invoice', idParam(request));
  const paymentMethodId = params.text('payment_method', { max: 200 });
  params.boolean('off_session');
  const outOfBand = params.boolean('paid_out_of_band') ?? false;
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid');
  if (invoice.status !== 'open') {
    throw invalidRequest(`You can only pay an open invoice; this one is ${invoice.status}.`);
  }
  const origin = originOf(request);
  const customer = customerParam(context, invoice.customer, 'customer');
  const paymentMethod =
    paymentMethodId === undefined
      ? undefined
      : attachPaymentMethod(context, { id: paymentMethodId, param: 'payment_method', customer, origin }).id;
  if (outOfBand) {
    markPaidOutOfBand(context, invoice, origin);
    return answer(context, invoiceObject(state, invoice), expand);
  }
  const paid = payOpenInvoice(context, invoice, { ...(paymentMethod && { paymentMethod }), origin });
  if (paid.outcome === 'failed' && paid.error) {
    // The attempt is part of the invoice (attempt_count, its event): kept before the refusal.
    await context.store.save();
    const { code, declineCode, message } = paid.error;
    if (code === 'invoice_no_customer_payment_method') throw invalidRequest(message, { code });
    throw cardError(code, message, declineCode ?? undefined);
  }
  return answer(context, invoiceObject(state, invoice), expand);
}

async function listInvoices(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['customer', 'subscription', 'status', ...page]);
  const customer = params.text('customer', { max: 200 });
  const subscription = params.text('subscription', { max: 200 });
  const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
  const invoices = [...state.invoices.values()].filter((invoice) =>
    matchesFilters(invoice, { customer, subscription, status }),
  );
  return answerList(context, params, invoices, {
    url: '/v1/invoices',
    kind: 'invoice',
    render: (invoice) => invoiceObject(state, invoice),
  });
}

async function createInvoicePreview(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['customer', 'subscription', 'subscription_details', 'preview_mode']);
  const expand = params.expand();
  checkExpandRoots(expand, invoiceRoots);
  const customerId = params.text('customer', { max: 200 });
  const subscriptionId = params.text('subscription', { max: 200 });
  const mode = params.oneOf('preview_mode', ['next', 'recurring']) ?? 'next';
  if (customerId === undefined && subscriptionId === undefined) throw parameterMissing('customer');
  let subscription = subscriptionId === undefined ? undefined : state.subscriptions.get(subscriptionId);
  if (subscriptionId !== undefined && !subscription) {
    throw resourceMissing('subscription', subscriptionId, 'subscription');
  }
  const customer = liveCustomer(state, customerId ?? subscription?.customer ?? '');
  if (!customer) throw resourceMissing('customer', customerId ?? '', 'customer');
  if (subscription && subscription.customer !== customer.id) {
    throw invalidRequest(`The subscription ${subscription.id} does not belong to customer ${customer.id}.`, {
      param: 'subscription',
    });
  }
  // Without a subscription, the customer's one live subscription (the emulator bills nothing else).
  subscription ??= [...state.subscriptions.values()]
    .reverse()
    .find((each) => each.customer === customer.id && !isEnded(each));
  if (!subscription) {
    throw invalidRequest(`No upcoming invoices for customer: ${customer.id}`, {
      code: 'invoice_upcoming_none',
    });
  }
  const details = params.object('subscription_details', ['items', 'proration_behavior', 'proration_date']);
  const change = details ? itemChange(state, subscription, details) : {};
  const invoice = previewInvoice(context, {
    customer,
    subscription,
    change,
    prorationBehavior: details?.oneOf('proration_behavior', prorationBehaviors) ?? 'create_prorations',
    prorationDate: details?.integer('proration_date', { min: 0 }),
    mode,
  });
  return answer(context, invoiceObject(state, invoice, { preview: true }), expand, { changed: false });
}

async function listInvoiceItems(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['customer', 'invoice', 'pending', ...page]);
  const customer = params.text('customer', { max: 200 });
  const invoice = params.text('invoice', { max: 200 });
  const pending = params.boolean('pending');
  const items = [...state.invoiceItems.values()].filter(
    (item) =>
      matchesFilters(item, { customer, invoice }) &&
      (pending === undefined || (item.invoice === null) === pending),
  );
  return answerList(context, params, items, {
    url: '/v1/invoiceitems',
    kind: 'invoiceitem',
    render: (item) => invoiceItemObject(state, item),
  });
}

const searchInvoices = searchHandler(invoiceSearch, (state) => state.invoices.values(), invoiceObject);

const retrieveInvoice = retrieveHandler('invoice', (state) => state.invoices, invoiceObject);

const retrieveInvoiceItem = retrieveHandler('invoiceitem', (state) => state.invoiceItems, invoiceItemObject);

/**
 * Invoices (the emulator makes them when it charges): retrieve, list, search, pay (an open invoice,
 * with a given card or the defaults; `paid_out_of_band`), and `create_preview` (the next invoice, or
 * a plan or seat change's prorations); invoice items (prorations): retrieve, list.
 */
export function registerInvoiceRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'GET /v1/invoices/search': searchInvoices,
    'GET /v1/invoices/:id': retrieveInvoice,
    'POST /v1/invoices/:id/pay': payInvoice,
    'GET /v1/invoices': listInvoices,
    'POST /v1/invoices/create_preview': createInvoicePreview,
    'GET /v1/invoiceitems/:id': retrieveInvoiceItem,
    'GET /v1/invoiceitems': listInvoiceItems,
  });
}
