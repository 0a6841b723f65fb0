import type { FastifyInstance } from 'fastify';
import { liveCustomer } from '#payments/billing/customers.ts';
import { previewInvoice } from '#payments/billing/invoice-preview.ts';
import { isEnded, prorationBehaviors } from '#payments/billing/subscriptions.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, parameterMissing, resourceMissing } from '#payments/http/stripe-error.ts';
import { invoiceItemObject } from '#payments/objects/invoice-item-object.ts';
import { invoiceObject } from '#payments/objects/invoice-object.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, paramsOf } from './route-helpers.ts';
import { storedOrMissing } from './stored-or-missing.ts';
import { itemChange } from './subscription-routes.ts';

const page = ['limit', 'starting_after', 'ending_before'];
const invoiceRoots = ['customer', 'subscription', 'default_payment_method', 'lines', 'test_clock'];

/**
 * Invoices (the emulator makes them when it charges): retrieve, list, and `create_preview` (the next
 * invoice, or a plan or seat change's prorations); invoice items (prorations): retrieve, list.
 */
export function registerInvoiceRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/invoices/:id', async (request) =>
    answerRetrieved(context, request, () =>
      invoiceObject(state, storedOrMissing(state.invoices, 'invoice', idParam(request))),
    ),
  );

  app.get('/v1/invoices', async (request) => {
    const params = paramsOf(request, ['customer', 'subscription', 'status', ...page]);
    const customer = params.text('customer', { max: 200 });
    const subscription = params.text('subscription', { max: 200 });
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const invoices = [...state.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return answerList(context, params, invoices, {
      url: '/v1/invoices',
      kind: 'invoice',
      render: (invoice) => invoiceObject(state, invoice),
    });
  });

  app.post('/v1/invoices/create_preview', async (request) => {
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
      throw invalidRequest(
        `The subscription ${subscription.id} does not belong to customer ${customer.id}.`,
        {
          param: 'subscription',
        },
      );
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
  });

  app.get('/v1/invoiceitems/:id', async (request) =>
    answerRetrieved(context, request, () =>
      invoiceItemObject(state, storedOrMissing(state.invoiceItems, 'invoiceitem', idParam(request))),
    ),
  );

  app.get('/v1/invoiceitems', async (request) => {
    const params = paramsOf(request, ['customer', 'invoice', 'pending', ...page]);
    const customer = params.text('customer', { max: 200 });
    const invoice = params.text('invoice', { max: 200 });
    const pending = params.boolean('pending');
    const items = [...state.invoiceItems.values()].filter(
      (item) =>
        (customer === undefined || item.customer === customer) &&
        (invoice === undefined || item.invoice === invoice) &&
        (pending === undefined || (item.invoice === null) === pending),
    );
    return answerList(context, params, items, {
      url: '/v1/invoiceitems',
      kind: 'invoiceitem',
      render: (item) => invoiceItemObject(state, item),
    });
  });
}
