import type { FastifyRequest } from 'fastify';
import { priceWithLookupKey } from '#payments/billing/catalogue.ts';
import { meteredPriceFields } from '#payments/billing/metered-prices.ts';
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
import { priceObject } from '#payments/objects/catalogue-objects.ts';
import type { PaymentsState, PriceRecord } from '#payments/storage/payments-state.ts';
import { previousAttributes } from '#payments/webhooks/emit-event.ts';
import { emitCatalogueEvent, listPage as page } from './catalogue-events.ts';
import { answerList, matchesFilters, retrieveHandler } from './read-answers.ts';
import { answer, checkExpandRoots, idParam, paramsOf } from './route-helpers.ts';
import { searchHandler } from './search-answer.ts';
import { storedOrMissing } from './stored-or-missing.ts';

const createPriceParams = [
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
];

const priceRoots = ['product'];

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

/** A lookup key a price may take: free, or taken from its holder with transfer_lookup_key. */
function claimLookupKey(
  state: PaymentsState,
  params: Params,
  price: { id: string },
): string | null | undefined {
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

export async function createPrice(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, createPriceParams);
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
  const recurring = params.object('recurring', ['interval', 'interval_count', 'usage_type', 'meter']);
  let billedEvery: PriceRecord['interval'] = 'month';
  if (recurring) {
    const interval = recurring.oneOf('interval', ['day', 'week', 'month', 'year']);
    if (interval === undefined) throw parameterMissing(recurring.name('interval'));
    const count = recurring.integer('interval_count', { min: 1, max: 12 }) ?? 1;
    if ((interval !== 'month' && interval !== 'year') || count !== 1) {
      throw parameterInvalid(
        recurring.name('interval'),
        'The payments emulator bills monthly and yearly prices only (recurring[interval]=month or year, interval_count 1).',
      );
    }
    billedEvery = interval;
  }
  const price: PriceRecord = {
    id: newId('price'),
    product: product.id,
    nickname: params.text('nickname', { max: 250 }) ?? null,
    unitAmount,
    currency,
    type: recurring ? 'recurring' : 'one_time',
    interval: billedEvery,
    lookupKey: null,
    ...(recurring && meteredPriceFields(state, recurring)),
    created: realNow(),
    metadata: params.metadataUpdate()?.({}) ?? {},
    active: params.boolean('active') ?? true,
  };
  price.lookupKey = claimLookupKey(state, params, price) ?? null;
  state.prices.set(price.id, price);
  emitCatalogueEvent(context, request, 'price.created', priceObject(price));
  return answer(context, priceObject(price), expand);
}

export async function updatePrice(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata']);
  const expand = params.expand();
  checkExpandRoots(expand, priceRoots);
  const price = storedOrMissing(state.prices, 'price', idParam(request));
  const before = priceObject(price);
  const lookupKey = claimLookupKey(state, params, price);
  const nickname = params.string('nickname', { max: 250 });
  const metadata = params.metadataUpdate()?.(price.metadata);
  const active = params.boolean('active');
  if (lookupKey !== undefined) price.lookupKey = lookupKey;
  if (nickname !== undefined) price.nickname = nickname || null;
  if (metadata !== undefined) price.metadata = metadata;
  if (active !== undefined) price.active = active;
  const changed = previousAttributes(before, priceObject(price));
  if (Object.keys(changed).length > 0) {
    emitCatalogueEvent(context, request, 'price.updated', priceObject(price), changed);
  }
  return answer(context, priceObject(price), expand);
}

export async function listPrices(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
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
      matchesFilters(price, { active, product, type, currency }) &&
      (!lookupKeys || (price.lookupKey !== null && lookupKeys.includes(price.lookupKey))) &&
      (interval === undefined || (price.type === 'recurring' && interval === price.interval)) &&
      (usageType === undefined ||
        (price.type === 'recurring' && usageType === (price.usageType ?? 'licensed'))),
  );
  return answerList(context, params, prices, { url: '/v1/prices', kind: 'price', render: priceObject });
}

const renderPrice = (_: PaymentsState, price: PriceRecord) => priceObject(price);
export const searchPrices = searchHandler(priceSearch, (state) => state.prices.values(), renderPrice);
export const retrievePrice = retrieveHandler('price', (state) => state.prices, renderPrice);
