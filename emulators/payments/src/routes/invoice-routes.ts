import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../context.ts';
import { resourceMissing } from '../http/stripe-error.ts';
import { invoiceObject } from '../objects/invoice-object.ts';
import { listPage } from '../objects/list-object.ts';
import { answer, idParam, paramsOf } from './route-helpers.ts';

/** Invoices (read only; the emulator makes them when it charges). */
export function registerInvoiceRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/invoices/:id', async (request) => {
    const params = paramsOf(request, []);
    const invoice = state.invoices.get(idParam(request));
    if (!invoice) throw resourceMissing('invoice', idParam(request));
    return answer(context, invoiceObject(state, invoice), params.expand(), { changed: false });
  });

  app.get('/v1/invoices', async (request) => {
    const params = paramsOf(request, [
      'customer',
      'subscription',
      'status',
      'limit',
      'starting_after',
      'ending_before',
    ]);
    const customer = params.text('customer', { max: 200 });
    const subscription = params.text('subscription', { max: 200 });
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const invoices = [...state.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    const list = listPage(invoices, params.page(), {
      url: '/v1/invoices',
      kind: 'invoice',
      render: (invoice) => invoiceObject(state, invoice),
    });
    return answer(context, list, params.expand(), { changed: false });
  });
}
