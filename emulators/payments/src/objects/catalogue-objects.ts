import type Stripe from 'stripe';
import type { PriceRecord, ProductRecord } from '#payments/storage/payments-state.ts';

/** Stripe's decimal strings (`unit_amount_decimal`) are typed as a branded class in the SDK. */
export const decimal = (amount: number) =>
  String(amount) as unknown as NonNullable<Stripe.Price['unit_amount_decimal']>;

/** The `pricing` of an invoice item or an invoice line: its price, at `unitAmount` a unit. */
export const pricingOf = (price: PriceRecord, unitAmount: number) => ({
  price_details: { price: price.id, product: price.product },
  type: 'price_details' as const,
  unit_amount_decimal: decimal(unitAmount),
});

export function priceObject(price: PriceRecord): Stripe.Price {
  return {
    id: price.id,
    object: 'price',
    active: price.active,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: { ...price.metadata },
    nickname: price.nickname,
    product: price.product,
    recurring:
      price.type === 'recurring'
        ? {
            interval: price.interval,
            interval_count: 1,
            meter: price.meter ?? null,
            trial_period_days: null,
            usage_type: price.usageType ?? 'licensed',
          }
        : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: price.type,
    unit_amount: price.unitAmount,
    unit_amount_decimal: decimal(price.unitAmount),
  };
}

/** The legacy `plan` that subscription items still carry beside `price`. */
export function planObject(price: PriceRecord): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unitAmount,
    amount_decimal: decimal(price.unitAmount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.interval,
    interval_count: 1,
    livemode: false,
    metadata: { ...price.metadata },
    meter: price.meter ?? null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: price.usageType ?? 'licensed',
  };
}

export function productObject(product: ProductRecord): Stripe.Product {
  return {
    id: product.id,
    object: 'product',
    active: product.active,
    created: product.created,
    default_price: product.defaultPrice,
    description: product.description,
    images: [],
    livemode: false,
    marketing_features: product.features.map((name) => ({ name })),
    metadata: { ...product.metadata },
    name: product.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: product.unitLabel,
    updated: product.updated,
    url: null,
  };
}
