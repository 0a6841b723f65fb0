import { priceLookupKey } from '@launchkit/plans';
import type { CataloguePlan } from '#payments/config.ts';
import { parameterInvalid, resourceMissing } from '#payments/http/stripe-error.ts';
import { realNow } from '#payments/ids.ts';
import type { PaymentsState, PriceRecord } from '#payments/storage/payments-state.ts';

export const productIdOf = (planId: string) => `prod_${planId}`;

/**
 * The three plans as products with monthly and yearly per-seat prices, from the configuration at every start
 * (unless PAYMENTS_SEED_CATALOGUE=false: an empty account, for `npm run stripe:setup`). A seeded
 * price takes its plan's lookup key unless a price made through the API holds it. A price id no
 * longer configured is kept (subscriptions may name it) but inactive and without its lookup key, as
 * an archived price in Stripe.
 */
export function seedCatalogue(state: PaymentsState, catalogue: CataloguePlan[]) {
  const now = realNow();
  const configured = new Set(catalogue.flatMap((plan) => [plan.priceId, plan.yearlyPriceId]));
  const seededProducts = new Set(catalogue.map((plan) => productIdOf(plan.planId)));
  for (const price of state.prices.values()) {
    if (seededProducts.has(price.product) && !configured.has(price.id)) {
      price.active = false;
      price.lookupKey = null;
    }
  }
  for (const plan of catalogue) {
    const productId = productIdOf(plan.planId);
    const existingProduct = state.products.get(productId);
    state.products.set(productId, {
      id: productId,
      name: plan.name,
      description: null,
      features: [...plan.features],
      defaultPrice: plan.priceId,
      unitLabel: 'seat',
      created: existingProduct?.created ?? now,
      updated: now,
      metadata: { plan: plan.planId },
      active: true,
    });
    seedPrice(state, { id: plan.priceId, plan, lookupKey: plan.planId, interval: 'month', now });
    seedPrice(state, {
      id: plan.yearlyPriceId,
      plan,
      lookupKey: priceLookupKey(plan.planId, 'year'),
      interval: 'year',
      now,
    });
  }
}

function seedPrice(
  state: PaymentsState,
  seed: { id: string; plan: CataloguePlan; lookupKey: string; interval: 'month' | 'year'; now: number },
) {
  const { id, plan, lookupKey, interval, now } = seed;
  const existing = state.prices.get(id);
  const keyHolder = priceWithLookupKey(state, lookupKey);
  state.prices.set(id, {
    id,
    product: productIdOf(plan.planId),
    nickname: interval === 'month' ? plan.name : `${plan.name} (yearly)`,
    unitAmount: interval === 'month' ? plan.unitAmount : plan.yearlyUnitAmount,
    currency: 'usd',
    type: 'recurring',
    interval,
    lookupKey: keyHolder && keyHolder.id !== id ? null : lookupKey,
    created: existing?.created ?? now,
    metadata: { plan: plan.planId },
    active: true,
  });
}

export function priceWithLookupKey(state: PaymentsState, lookupKey: string): PriceRecord | undefined {
  for (const price of state.prices.values()) if (price.lookupKey === lookupKey) return price;
  return undefined;
}

/**
 * The prices the portal offers, in the plans' order, each plan's monthly then yearly: the active
 * recurring price with the lookup key (the plan id, `<plan>_yearly`: what `npm run stripe:setup`
 * makes), else the configured price id.
 */
export function planPrices(state: PaymentsState, catalogue: CataloguePlan[]) {
  return catalogue.flatMap((plan) =>
    (
      [
        [priceLookupKey(plan.planId, 'month'), plan.priceId],
        [priceLookupKey(plan.planId, 'year'), plan.yearlyPriceId],
      ] as const
    ).flatMap(([key, configured]) => {
      const byKey = priceWithLookupKey(state, key);
      const price = byKey?.active && byKey.type === 'recurring' ? byKey : state.prices.get(configured);
      return price?.active ? [price] : [];
    }),
  );
}

/** A price a new line item or subscription item may use, as Stripe checks it. */
export function activePrice(state: PaymentsState, id: string, param: string) {
  const price = state.prices.get(id);
  if (!price) throw resourceMissing('price', id, param);
  if (!price.active) {
    throw parameterInvalid(
      param,
      'The price specified is inactive. This field only accepts active prices.',
      'price_inactive',
    );
  }
  if (price.type !== 'recurring') {
    throw parameterInvalid(
      param,
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
    );
  }
  return price;
}
