import type { CataloguePlan } from '../config.ts';
import { parameterInvalid, resourceMissing } from '../http/stripe-error.ts';
import { realNow } from '../ids.ts';
import type { PaymentsState } from '../storage/payments-state.ts';

export const productIdOf = (planId: string) => `prod_${planId}`;

/**
 * The three plans as products and monthly per-seat prices, from the configuration at every start.
 * A price id no longer configured is kept (subscriptions may name it) but inactive and without its
 * lookup key, as an archived price in Stripe.
 */
export function seedCatalogue(state: PaymentsState, catalogue: CataloguePlan[]) {
  const now = realNow();
  const configured = new Set(catalogue.map((plan) => plan.priceId));
  for (const price of state.prices.values()) {
    if (!configured.has(price.id)) {
      price.active = false;
      price.lookupKey = null;
    }
  }
  for (const plan of catalogue) {
    const productId = productIdOf(plan.planId);
    const existingProduct = state.products.get(productId);
    state.products.set(productId, {
      id: productId,
      planId: plan.planId,
      name: plan.name,
      features: [...plan.features],
      defaultPrice: plan.priceId,
      created: existingProduct?.created ?? now,
      updated: now,
      metadata: { plan: plan.planId },
      active: true,
    });
    const existingPrice = state.prices.get(plan.priceId);
    state.prices.set(plan.priceId, {
      id: plan.priceId,
      product: productId,
      planId: plan.planId,
      nickname: plan.name,
      unitAmount: plan.unitAmount,
      currency: 'usd',
      lookupKey: plan.planId,
      created: existingPrice?.created ?? now,
      metadata: { plan: plan.planId },
      active: true,
    });
  }
}

/** The active prices of the catalogue, in the plans' order (for the portal's plan choice). */
export function planPrices(state: PaymentsState, catalogue: CataloguePlan[]) {
  return catalogue.flatMap((plan) => {
    const price = state.prices.get(plan.priceId);
    return price ? [price] : [];
  });
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
  return price;
}
