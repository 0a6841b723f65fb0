import type { FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import type { Params } from '#payments/http/params.ts';
import type { SearchFields } from '#payments/http/search-query.ts';
import { invalidRequest, parameterInvalid, resourceMissing } from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { productObject } from '#payments/objects/catalogue-objects.ts';
import type { PaymentsState, ProductRecord } from '#payments/storage/payments-state.ts';
import { previousAttributes } from '#payments/webhooks/emit-event.ts';
import { emitCatalogueEvent, listPage as page } from './catalogue-events.ts';
import { answerList, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, paramsOf } from './route-helpers.ts';
import { searchHandler } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const productRoots = ['default_price'];
/** What a product's create and update both take. */
const productFields = ['name', 'active', 'description', 'metadata', 'marketing_features', 'unit_label'];
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

/** `marketing_features[i][name]`: the product's feature list (`marketing_features=` empties it). */
function featuresParam(params: Params): string[] | undefined {
  const features = params.objectList('marketing_features', ['name']);
  if (features === undefined) return params.has('marketing_features') ? [] : undefined;
  return features.map((feature) => feature.requiredText('name', { max: 80 }));
}

export async function createProduct(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['id', ...productFields]);
  const expand = params.expand();
  checkExpandRoots(expand, productRoots);
  const id = params.text('id', { max: 200 });
  if (id !== undefined && !idPattern.test(id)) throw parameterInvalid('id', `Invalid id: ${id.slice(0, 80)}`);
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
  emitCatalogueEvent(context, request, 'product.created', productObject(product));
  return answer(context, productObject(product), expand);
}

export async function updateProduct(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, [...productFields, 'default_price']);
  const expand = params.expand();
  checkExpandRoots(expand, productRoots);
  const product = storedOrMissing(state.products, 'product', idParam(request));
  const before = productObject(product);
  const name = params.text('name', { max: 250 });
  const description = params.string('description', { max: 40_000 });
  const unitLabel = params.string('unit_label', { max: 12 });
  const defaultPrice = params.string('default_price', { max: 200 });
  if (defaultPrice) {
    const price = state.prices.get(defaultPrice);
    if (!price || price.product !== product.id) throw resourceMissing('price', defaultPrice, 'default_price');
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
    emitCatalogueEvent(context, request, 'product.updated', productObject(product), changed);
  }
  return answer(context, productObject(product), expand);
}

export async function listProducts(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
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
}

const renderProduct = (_: PaymentsState, product: ProductRecord) => productObject(product);
export const searchProducts = searchHandler(productSearch, (state) => state.products.values(), renderProduct);
export const retrieveProduct = retrieveHandler('product', (state) => state.products, renderProduct);
