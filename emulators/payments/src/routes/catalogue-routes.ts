import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../context.ts';
import { resourceMissing } from '../http/stripe-error.ts';
import { priceObject, productObject } from '../objects/catalogue-objects.ts';
import { listPage } from '../objects/list-object.ts';
import { answer, idParam, paramsOf } from './route-helpers.ts';

const page = ['limit', 'starting_after', 'ending_before'];

/** Products and prices (read only): the three plans, seeded from the configuration. */
export function registerCatalogueRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  app.get('/v1/products', async (request) => {
    const params = paramsOf(request, ['active', 'ids', ...page]);
    const active = params.boolean('active');
    const ids = params.stringList('ids', { max: 200 });
    const products = [...state.products.values()].filter(
      (product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id)),
    );
    const list = listPage(products, params.page(), {
      url: '/v1/products',
      kind: 'product',
      render: productObject,
    });
    return answer(context, list, params.expand(), { changed: false });
  });

  app.get('/v1/products/:id', async (request) => {
    const params = paramsOf(request, []);
    const product = state.products.get(idParam(request));
    if (!product) throw resourceMissing('product', idParam(request));
    return answer(context, productObject(product), params.expand(), { changed: false });
  });

  app.get('/v1/prices', async (request) => {
    const params = paramsOf(request, [
      'active',
      'product',
      'lookup_keys',
      'type',
      'currency',
      'recurring',
      ...page,
    ]);
    const active = params.boolean('active');
    const product = params.text('product', { max: 200 });
    const lookupKeys = params.stringList('lookup_keys', { max: 200 });
    const type = params.oneOf('type', ['one_time', 'recurring']);
    const currency = params.text('currency', { max: 3 })?.toLowerCase();
    const recurring = params.object('recurring', ['interval', 'usage_type', 'meter']);
    const interval = recurring?.oneOf('interval', ['day', 'week', 'month', 'year']);
    const usageType = recurring?.oneOf('usage_type', ['licensed', 'metered']);
    const prices = [...state.prices.values()].filter(
      (price) =>
        (active === undefined || price.active === active) &&
        (product === undefined || price.product === product) &&
        (!lookupKeys || (price.lookupKey !== null && lookupKeys.includes(price.lookupKey))) &&
        (type === undefined || type === 'recurring') &&
        (currency === undefined || price.currency === currency) &&
        (interval === undefined || interval === 'month') &&
        (usageType === undefined || usageType === 'licensed'),
    );
    const list = listPage(prices, params.page(), { url: '/v1/prices', kind: 'price', render: priceObject });
    return answer(context, list, params.expand(), { changed: false });
  });

  app.get('/v1/prices/:id', async (request) => {
    const params = paramsOf(request, []);
    const price = state.prices.get(idParam(request));
    if (!price) throw resourceMissing('price', idParam(request));
    return answer(context, priceObject(price), params.expand(), { changed: false });
  });
}
