import type { FastifyInstance, FastifyRequest } from 'fastify';
import { priceWithLookupKey } from '#payments/billing/catalogue.ts';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import type { SearchFields } from '#payments/http/search-query.ts';
import {
  invalidRequest,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
} from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { priceObject, productObject } from '#payments/objects/catalogue-objects.ts';
import type { PriceRecord, ProductRecord } from '#payments/storage/payments-state.ts';
import { emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import type { EventType } from '#payments/webhooks/event-types.ts';
import { answerList, answerRetrieved } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, originOf, paramsOf } from './route-helpers.ts';
import { answerSearch } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const page = ['limit', 'starting_after', 'ending_before'];
const productRoots = ['default_price'];
const priceRoots = ['product'];
const idPattern = /^[A-Za-z0-9_-]{1,200}$/;

// The searchable fields of docs.stripe.com/search ("Query fields for products", "… for prices"); the
// emulator's products are never shippable and have no url, so those match only null.
const productSearch: SearchFields<ProductRecord> = {
  resource: 'products',
  fields: {
    active: { kind: 'boolean', get: (product) => product.active },
    description: { kind: 'string', substring: true, get: (product) => product.description },
    name: { kind: 'string', substring: true, get: (product) => product.name },
    shippable: { kind: 'string', get: () => null },
    url: { kind: 'string', get: () => null },
  },
  metadata: (product) => product.metadata,
};

const priceSearch: SearchFields<PriceRecord> = {
  resource: 'prices',
  fields: {
    active: { kind: 'boolean', get: (price) => price.active },
    currency: { kind: 'string', get: (price) => price.currency },
    lookup_key: { kind: 'string', get: (price) => price.lookupKey },
    product: { kind: 'string', get: (price) => price.product },
    type: { kind: 'string', get: (price) => price.type },
  },
  metadata: (price) => price.metadata,
};

/** `marketing_features[i][name]`: the product's feature list (`marketing_features=` empties it). */
function featuresParam(params: Params): string[] | undefined {
  const features = params.objectList('marketing_features', ['name']);
  if (features === undefined) return params.has('marketing_features') ? [] : undefined;
  return features.map((feature) => feature.requiredText('name', { max: 80 }));
}

/**
 * Products and prices: the catalogue's three plans (seeded from the configuration unless
 * PAYMENTS_SEED_CATALOGUE=false), and what `npm run stripe:setup` or an operator makes: create,
 * retrieve, update, list (prices by `lookup_keys[]`), search. Prices are per unit, monthly or one-time.
 */
export function registerCatalogueRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  const findProduct = (id: string) => storedOrMissing(state.products, 'product', id);
  const findPrice = (id: string) => storedOrMissing(state.prices, 'price', id);

  /** A product or price event: it concerns no customer; an update's says what `changed`. */
  const emitCatalogueEvent = (
    request: FastifyRequest,
    type: EventType,
    object: object,
    changed?: Record<string, unknown>,
  ) =>
    emitEvent(context, type, object, {
      origin: originOf(request),
      customer: null,
      ...(changed && { previousAttributes: changed }),
    });

  /** A lookup key a price may take: free, or taken from its holder with transfer_lookup_key. */
  function claimLookupKey(params: Params, price: { id: string }): string | null | undefined {
    const lookupKey = params.string('lookup_key', { max: 200 });
    const transfer = params.boolean('transfer_lookup_key') ?? false;
    if (lookupKey === undefined || lookupKey === '') return lookupKey === '' ? null : undefined;
    const holder = priceWithLookupKey(state, lookupKey);
    if (holder && holder.id !== price.id) {
      if (!transfer) {
        throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, {
          param: 'lookup_key',
        });
      }
      holder.lookupKey = null;
    }
    return lookupKey;
  }

  app.post('/v1/products', async (request) => {
    const params = paramsOf(request, [
      'id',
      'name',
      'active',
      'description',
      'metadata',
      'marketing_features',
      'unit_label',
    ]);
    const expand = params.expand();
    checkExpandRoots(expand, productRoots);
    const id = params.text('id', { max: 200 });
    if (id !== undefined && !idPattern.test(id))
      throw parameterInvalid('id', `Invalid id: ${id.slice(0, 80)}`);
    if (id !== undefined && state.products.has(id)) {
      throw invalidRequest(`Product already exists.`, { code: 'resource_already_exists', param: 'id' });
    }
    const now = realNow();
    const product: ProductRecord = {
      id: id ?? newId('prod'),
      name: params.requiredText('name', { max: 250 }),
      description: params.text('description', { max: 40_000 }) ?? null,
      features: featuresParam(params) ?? [],
      defaultPrice: null,
      unitLabel: params.text('unit_label', { max: 12 }) ?? null,
      created: now,
      updated: now,
      metadata: params.metadataUpdate()?.({}) ?? {},
      active: params.boolean('active') ?? true,
    };
    state.products.set(product.id, product);
    emitCatalogueEvent(request, 'product.created', productObject(product));
    return answer(context, productObject(product), expand);
  });

  app.post('/v1/products/:id', async (request) => {
    const params = paramsOf(request, [
      'name',
      'active',
      'description',
      'metadata',
      'marketing_features',
      'unit_label',
      'default_price',
    ]);
    const expand = params.expand();
    checkExpandRoots(expand, productRoots);
    const product = findProduct(idParam(request));
    const before = productObject(product);
    const name = params.text('name', { max: 250 });
    const description = params.string('description', { max: 40_000 });
    const unitLabel = params.string('unit_label', { max: 12 });
    const defaultPrice = params.string('default_price', { max: 200 });
    if (defaultPrice) {
      const price = state.prices.get(defaultPrice);
      if (!price || price.product !== product.id)
        throw resourceMissing('price', defaultPrice, 'default_price');
      if (!price.active) {
        throw parameterInvalid('default_price', 'The default price of a product must be active.');
      }
    }
    const features = featuresParam(params);
    const metadata = params.metadataUpdate()?.(product.metadata);
    const active = params.boolean('active');
    if (name !== undefined) product.name = name;
    if (description !== undefined) product.description = description || null;
    if (unitLabel !== undefined) product.unitLabel = unitLabel || null;
    if (defaultPrice !== undefined) product.defaultPrice = defaultPrice || null;
    if (features !== undefined) product.features = features;
    if (metadata !== undefined) product.metadata = metadata;
    if (active !== undefined) product.active = active;
    const after = productObject(product);
    const changed = previousAttributes(before, after);
    if (Object.keys(changed).length > 0) {
      product.updated = realNow();
      emitCatalogueEvent(request, 'product.updated', productObject(product), changed);
    }
    return answer(context, productObject(product), expand);
  });

  app.get('/v1/products', async (request) => {
    const params = paramsOf(request, ['active', 'ids', ...page]);
    const active = params.boolean('active');
    const ids = params.stringList('ids', { max: 200 });
    const products = [...state.products.values()].filter(
      (product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id)),
    );
    return answerList(context, params, products, {
      url: '/v1/products',
      kind: 'product',
      render: productObject,
    });
  });

  app.get('/v1/products/search', async (request) =>
    answerSearch(context, request, {
      spec: productSearch,
      records: state.products.values(),
      render: productObject,
    }),
  );

  app.get('/v1/products/:id', async (request) =>
    answerRetrieved(context, request, () => productObject(findProduct(idParam(request)))),
  );

  app.post('/v1/prices', async (request) => {
    const params = paramsOf(request, [
      'currency',
      'product',
      'unit_amount',
      'recurring',
      'lookup_key',
      'transfer_lookup_key',
      'nickname',
      'metadata',
      'active',
      'billing_scheme',
      'tax_behavior',
    ]);
    const expand = params.expand();
    checkExpandRoots(expand, priceRoots);
    const currency = params.requiredText('currency', { max: 3 }).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw parameterInvalid('currency', `Invalid currency: ${currency}`);
    const productId = params.requiredText('product', { max: 200 });
    const product = state.products.get(productId);
    if (!product) throw resourceMissing('product', productId, 'product');
    params.oneOf('billing_scheme', ['per_unit']);
    params.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']);
    const unitAmount = params.integer('unit_amount', { min: 0, max: 99_999_999 });
    if (unitAmount === undefined) throw parameterMissing('unit_amount');
    const recurring = params.object('recurring', ['interval', 'interval_count', 'usage_type']);
    if (recurring) {
      const interval = recurring.oneOf('interval', ['day', 'week', 'month', 'year']);
      if (interval === undefined) throw parameterMissing(recurring.name('interval'));
      const count = recurring.integer('interval_count', { min: 1, max: 12 }) ?? 1;
      if (interval !== 'month' || count !== 1) {
        throw parameterInvalid(
          recurring.name('interval'),
          'The payments emulator bills monthly prices only (recurring[interval]=month, interval_count 1).',
        );
      }
      if (recurring.oneOf('usage_type', ['licensed', 'metered']) === 'metered') {
        throw parameterInvalid(
          recurring.name('usage_type'),
          'The payments emulator bills licensed prices only.',
        );
      }
    }
    const price: PriceRecord = {
      id: newId('price'),
      product: product.id,
      nickname: params.text('nickname', { max: 250 }) ?? null,
      unitAmount,
      currency,
      type: recurring ? 'recurring' : 'one_time',
      lookupKey: null,
      created: realNow(),
      metadata: params.metadataUpdate()?.({}) ?? {},
      active: params.boolean('active') ?? true,
    };
    price.lookupKey = claimLookupKey(params, price) ?? null;
    state.prices.set(price.id, price);
    emitCatalogueEvent(request, 'price.created', priceObject(price));
    return answer(context, priceObject(price), expand);
  });

  app.post('/v1/prices/:id', async (request) => {
    const params = paramsOf(request, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata']);
    const expand = params.expand();
    checkExpandRoots(expand, priceRoots);
    const price = findPrice(idParam(request));
    const before = priceObject(price);
    const lookupKey = claimLookupKey(params, price);
    const nickname = params.string('nickname', { max: 250 });
    const metadata = params.metadataUpdate()?.(price.metadata);
    const active = params.boolean('active');
    if (lookupKey !== undefined) price.lookupKey = lookupKey;
    if (nickname !== undefined) price.nickname = nickname || null;
    if (metadata !== undefined) price.metadata = metadata;
    if (active !== undefined) price.active = active;
    const changed = previousAttributes(before, priceObject(price));
    if (Object.keys(changed).length > 0) {
      emitCatalogueEvent(request, 'price.updated', priceObject(price), changed);
    }
    return answer(context, priceObject(price), expand);
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
    if (lookupKeys && lookupKeys.length > 10) {
      throw parameterInvalid('lookup_keys', 'Invalid lookup_keys: at most 10 lookup keys.');
    }
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
        (type === undefined || price.type === type) &&
        (currency === undefined || price.currency === currency) &&
        (interval === undefined || (price.type === 'recurring' && interval === 'month')) &&
        (usageType === undefined || (price.type === 'recurring' && usageType === 'licensed')),
    );
    return answerList(context, params, prices, { url: '/v1/prices', kind: 'price', render: priceObject });
  });

  app.get('/v1/prices/search', async (request) =>
    answerSearch(context, request, {
      spec: priceSearch,
      records: state.prices.values(),
      render: priceObject,
    }),
  );

  app.get('/v1/prices/:id', async (request) =>
    answerRetrieved(context, request, () => priceObject(findPrice(idParam(request)))),
  );
}
