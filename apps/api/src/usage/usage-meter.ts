import type Stripe from 'stripe';

/**
 * The one metered dimension (decision 0047): items created, on one meter and one metered price shared by
 * every plan. The event name finds the meter and the lookup key finds the price, in any account
 * (`npm run stripe:setup` makes both; the embedded app makes them in the emulator on first use).
 */
export const itemsCreatedMeter = {
  eventName: 'items_created',
  displayName: 'Items created',
  // Each event carries value 1: `sum` counts items, and stays right if a later release sends batches.
  formula: 'sum',
} as const;

export const meteredPriceSpec = {
  lookupKey: 'items_created_metered',
  productName: 'Items created',
  currency: 'usd',
  /** Cents per item: one cent. */
  unitAmount: 1,
} as const;

/** The meter and price found (or made) in the account. */
export type UsageCatalogue = {
  meterId: string;
  priceId: string;
  /** Cents per item, as Stripe's decimal string. */
  unitAmount: string;
  currency: string;
};

async function findMeter(stripe: Stripe) {
  for await (const meter of stripe.billing.meters.list({ limit: 100 })) {
    if (meter.event_name === itemsCreatedMeter.eventName) return meter;
  }
  return undefined;
}

async function findPrice(stripe: Stripe) {
  const [price] = (await stripe.prices.list({ lookup_keys: [meteredPriceSpec.lookupKey], active: true }))
    .data;
  return price;
}

const catalogueOf = (meter: Stripe.Billing.Meter, price: Stripe.Price): UsageCatalogue => ({
  meterId: meter.id,
  priceId: price.id,
  unitAmount: String(price.unit_amount_decimal ?? price.unit_amount ?? 0),
  currency: price.currency,
});

/** The meter and its price as they are in the account; undefined while either is missing. */
export async function findUsageCatalogue(stripe: Stripe): Promise<UsageCatalogue | undefined> {
  const [meter, price] = await Promise.all([findMeter(stripe), findPrice(stripe)]);
  return meter && price ? catalogueOf(meter, price) : undefined;
}

/**
 * Finds or makes the meter (reactivated if it was deactivated) and its metered price. Idempotency keys
 * derived from what is made: two instances or two runs at once make one of each.
 */
export async function ensureUsageCatalogue(stripe: Stripe): Promise<UsageCatalogue> {
  let meter = await findMeter(stripe);
  if (!meter) {
    meter = await stripe.billing.meters.create(
      {
        event_name: itemsCreatedMeter.eventName,
        display_name: itemsCreatedMeter.displayName,
        default_aggregation: { formula: itemsCreatedMeter.formula },
      },
      { idempotencyKey: `usage-meter-${itemsCreatedMeter.eventName}` },
    );
  } else if (meter.status !== 'active') {
    meter = await stripe.billing.meters.reactivate(meter.id);
  }
  const existing = await findPrice(stripe);
  if (existing?.recurring?.meter === meter.id) return catalogueOf(meter, existing);
  const product = await stripe.products.create(
    { name: meteredPriceSpec.productName, metadata: { usage: itemsCreatedMeter.eventName } },
    { idempotencyKey: `usage-product-${meter.id}` },
  );
  const price = await stripe.prices.create(
    {
      product: product.id,
      currency: meteredPriceSpec.currency,
      unit_amount: meteredPriceSpec.unitAmount,
      recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
      lookup_key: meteredPriceSpec.lookupKey,
      transfer_lookup_key: true,
      nickname: 'Items created (per item, monthly in arrears)',
    },
    { idempotencyKey: `usage-price-${meter.id}-${meteredPriceSpec.unitAmount}` },
  );
  return catalogueOf(meter, price);
}

/**
 * The catalogue, looked up once per instance and kept: made on first use in embedded mode (the
 * emulator starts empty of it), only found in production, where `npm run stripe:setup` made it; a
 * failed lookup is tried again on the next use.
 */
export function usageCatalogueOnce(stripe: Stripe, { mayCreate }: { mayCreate: boolean }) {
  let pending: Promise<UsageCatalogue> | undefined;
  const resolve = async () => {
    const found = mayCreate ? await ensureUsageCatalogue(stripe) : await findUsageCatalogue(stripe);
    if (!found) {
      throw new Error(
        `usage: no meter '${itemsCreatedMeter.eventName}' with an active price '${meteredPriceSpec.lookupKey}'; run \`npm run stripe:setup\``,
      );
    }
    return found;
  };
  return () => {
    pending ??= resolve().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

export type UsageCatalogueSource = ReturnType<typeof usageCatalogueOnce>;
