import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCustomerRecord, liveCustomer } from '#payments/billing/customers.ts';
import { deleteCustomer } from '#payments/billing/subscriptions.ts';
import type { PaymentsContext } from '#payments/context.ts';
import type { SearchFields } from '#payments/http/search-query.ts';
import { invalidRequest, resourceMissing } from '#payments/http/stripe-error.ts';
import { customerObject, paymentMethodObject } from '#payments/objects/customer-object.ts';
import type { CustomerRecord } from '#payments/storage/payments-state.ts';
import { emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, emailParam, idParam, originOf, paramsOf } from './route-helpers.ts';
import { searchHandler } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const customerRoots = ['invoice_settings', 'default_source', 'test_clock'];
const page = ['limit', 'starting_after', 'ending_before'];

const customerSearch: SearchFields<CustomerRecord> = {
  resource: 'customers',
  fields: {
    email: { kind: 'string', substring: true, get: (customer) => customer.email },
    name: { kind: 'string', substring: true, get: (customer) => customer.name },
    phone: { kind: 'string', substring: true, get: (customer) => customer.phone },
    created: { kind: 'number', get: (customer) => customer.created },
  },
  metadata: (customer) => customer.metadata,
};

async function createCustomer(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['email', 'name', 'description', 'phone', 'metadata', 'test_clock']);
  const expand = params.expand();
  checkExpandRoots(expand, customerRoots);
  const email = params.text('email', { max: 512 });
  const name = params.text('name', { max: 256 }) ?? null;
  const description = params.text('description', { max: 350 }) ?? null;
  const phone = params.text('phone', { max: 20 }) ?? null;
  const metadata = params.metadataUpdate()?.({}) ?? {};
  const testClock = params.text('test_clock', { max: 200 });
  if (testClock !== undefined && !state.testClocks.has(testClock)) {
    throw resourceMissing('test_helpers.test_clock', testClock, 'test_clock');
  }
  const customer = createCustomerRecord(state, {
    email: email === undefined ? null : emailParam(email, 'email'),
    name,
    description,
    phone,
    metadata,
    testClock: testClock ?? null,
  });
  const object = customerObject(state, customer);
  emitEvent(context, 'customer.created', object, { origin: originOf(request), customer: customer.id });
  return answer(context, customerObject(state, customer), expand);
}

async function updateCustomer(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings']);
  const expand = params.expand();
  checkExpandRoots(expand, customerRoots);
  const customer = liveCustomer(state, idParam(request));
  if (!customer) throw resourceMissing('customer', idParam(request));
  const email = params.string('email', { max: 512 });
  const name = params.string('name', { max: 256 });
  const description = params.string('description', { max: 350 });
  const phone = params.string('phone', { max: 20 });
  const metadata = params.metadataUpdate()?.(customer.metadata);
  const invoiceSettings = params.object('invoice_settings', ['default_payment_method']);
  const paymentMethod = invoiceSettings?.string('default_payment_method', { max: 200 });
  if (paymentMethod) {
    const method = state.paymentMethods.get(paymentMethod);
    if (!method || method.customer !== customer.id) {
      throw resourceMissing('PaymentMethod', paymentMethod, 'invoice_settings[default_payment_method]');
    }
  }
  const before = customerObject(state, customer);
  if (email !== undefined) customer.email = email === '' ? null : emailParam(email, 'email');
  if (name !== undefined) customer.name = name || null;
  if (description !== undefined) customer.description = description || null;
  if (phone !== undefined) customer.phone = phone || null;
  if (metadata !== undefined) customer.metadata = metadata;
  if (paymentMethod !== undefined) customer.defaultPaymentMethod = paymentMethod || null;
  const after = customerObject(state, customer);
  const changed = previousAttributes(before, after);
  if (Object.keys(changed).length > 0) {
    emitEvent(context, 'customer.updated', after, {
      origin: originOf(request),
      customer: customer.id,
      previousAttributes: changed,
    });
  }
  return answer(context, customerObject(state, customer), expand);
}

async function removeCustomer(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  paramsOf(request, []);
  const customer = liveCustomer(state, idParam(request));
  if (!customer) throw resourceMissing('customer', idParam(request));
  const origin = originOf(request);
  // Deleting a customer cancels its subscriptions at once, as in Stripe.
  deleteCustomer(context, customer, origin);
  await context.store.save();
  return { id: customer.id, object: 'customer', deleted: true };
}

async function listCustomers(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['email', 'test_clock', ...page]);
  const email = params.text('email', { max: 512 });
  const testClock = params.text('test_clock', { max: 200 }) ?? null;
  const live = [...state.customers.values()].filter(
    (customer) =>
      !customer.deleted && customer.testClock === testClock && matchesFilters(customer, { email }),
  );
  return answerList(context, params, live, {
    url: '/v1/customers',
    kind: 'customer',
    render: (customer) => customerObject(state, customer),
  });
}

async function listCustomerPaymentMethods(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['type', 'allow_redisplay', ...page]);
  const customer = storedOrMissing(state.customers, 'customer', idParam(request));
  const type = params.text('type', { max: 100 });
  if (type !== undefined && type !== 'card') {
    throw invalidRequest('The payments emulator holds card payment methods only.', { param: 'type' });
  }
  params.oneOf('allow_redisplay', ['always', 'limited', 'unspecified']);
  const methods = [...state.paymentMethods.values()].filter((method) => method.customer === customer.id);
  return answerList(context, params, methods, {
    url: `/v1/customers/${customer.id}/payment_methods`,
    kind: 'payment method',
    render: paymentMethodObject,
  });
}

const searchCustomers = searchHandler(
  customerSearch,
  (state) => [...state.customers.values()].filter((customer) => !customer.deleted),
  customerObject,
);

const retrieveCustomer = retrieveHandler('customer', (state) => state.customers, customerObject);

/**
 * Customers: create (on a test clock too), retrieve, update, delete, list (`email`, `test_clock`;
 * customers on a test clock only with it, as Stripe lists them), search, and their cards.
 */
export function registerCustomerRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'POST /v1/customers': createCustomer,
    'GET /v1/customers/:id': retrieveCustomer,
    'POST /v1/customers/:id': updateCustomer,
    'DELETE /v1/customers/:id': removeCustomer,
    'GET /v1/customers': listCustomers,
    'GET /v1/customers/search': searchCustomers,
    'GET /v1/customers/:id/payment_methods': listCustomerPaymentMethods,
  });
}
