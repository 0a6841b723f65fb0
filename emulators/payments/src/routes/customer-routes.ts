import type { FastifyInstance } from 'fastify';
import { createCustomerRecord, liveCustomer } from '../billing/customers.ts';
import { cancelSubscriptionNow, isEnded } from '../billing/subscriptions.ts';
import type { PaymentsContext } from '../context.ts';
import { resourceMissing } from '../http/stripe-error.ts';
import { customerObject } from '../objects/customer-object.ts';
import { listPage } from '../objects/list-object.ts';
import { emitEvent, previousAttributes } from '../webhooks/emit-event.ts';
import { answer, checkExpandRoots, emailParam, idParam, originOf, paramsOf } from './route-helpers.ts';

const customerRoots = ['invoice_settings', 'default_source', 'test_clock'];

/** Customers: create, retrieve, update, list (`email`, `limit`), delete. */
export function registerCustomerRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.post('/v1/customers', async (request) => {
    const params = paramsOf(request, ['email', 'name', 'description', 'phone', 'metadata']);
    const expand = params.expand();
    checkExpandRoots(expand, customerRoots);
    const email = params.text('email', { max: 512 });
    const name = params.text('name', { max: 256 }) ?? null;
    const description = params.text('description', { max: 350 }) ?? null;
    const phone = params.text('phone', { max: 20 }) ?? null;
    const metadata = params.metadataUpdate()?.({}) ?? {};
    const customer = createCustomerRecord(state, {
      email: email === undefined ? null : emailParam(email, 'email'),
      name,
      description,
      phone,
      metadata,
    });
    const object = customerObject(state, customer);
    emitEvent(context, 'customer.created', object, { origin: originOf(request), customer: customer.id });
    return answer(context, customerObject(state, customer), expand);
  });

  app.get('/v1/customers/:id', async (request) => {
    const params = paramsOf(request, []);
    const customer = state.customers.get(idParam(request));
    if (!customer) throw resourceMissing('customer', idParam(request));
    return answer(context, customerObject(state, customer), params.expand(), { changed: false });
  });

  app.post('/v1/customers/:id', async (request) => {
    const params = paramsOf(request, [
      'email',
      'name',
      'description',
      'phone',
      'metadata',
      'invoice_settings',
    ]);
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
  });

  app.delete('/v1/customers/:id', async (request) => {
    paramsOf(request, []);
    const customer = liveCustomer(state, idParam(request));
    if (!customer) throw resourceMissing('customer', idParam(request));
    const origin = originOf(request);
    // Deleting a customer cancels its subscriptions at once, as in Stripe.
    for (const subscription of state.subscriptions.values()) {
      if (subscription.customer === customer.id && !isEnded(subscription)) {
        cancelSubscriptionNow(context, subscription, { comment: null, feedback: null }, origin);
      }
    }
    const last = customerObject(state, customer);
    customer.deleted = true;
    emitEvent(context, 'customer.deleted', last, { origin, customer: customer.id });
    await context.store.save();
    return { id: customer.id, object: 'customer', deleted: true };
  });

  app.get('/v1/customers', async (request) => {
    const params = paramsOf(request, ['email', 'limit', 'starting_after', 'ending_before']);
    const email = params.text('email', { max: 512 });
    const live = [...state.customers.values()].filter(
      (customer) => !customer.deleted && (email === undefined || customer.email === email),
    );
    const list = listPage(live, params.page(), {
      url: '/v1/customers',
      kind: 'customer',
      render: (customer) => customerObject(state, customer),
    });
    return answer(context, list, params.expand(), { changed: false });
  });
}
