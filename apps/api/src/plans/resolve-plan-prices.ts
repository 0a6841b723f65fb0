import { ConfigurationError } from '@launchkit/env';
import { type PlanId, planIds, priceLookupKey } from '@launchkit/plans';
import Stripe from 'stripe';

/** `STRIPE_PRICE_*`: a price id given for a plan, which wins over its lookup key. */
export type PriceOverrides = Partial<Record<PlanId, string>>;

/**
 * The plans' prices at the payment provider: the price a new checkout buys for each plan, and the plan
 * every known price names, archived ones included, so a subscriber on an old price keeps their plan.
 */
export type PlanCatalogue = {
  /** The monthly price a new checkout buys. */
  priceIds: Record<PlanId, string>;
  /** The yearly price, found by its lookup key `<plan>_yearly`. */
  yearlyPriceIds: Record<PlanId, string>;
  planByPriceId: ReadonlyMap<string, PlanId>;
  /** How often every known price bills, archived ones included. */
  periodByPriceId: ReadonlyMap<string, BillingPeriod>;
};

export type BillingPeriod = 'month' | 'year';

const title = "The plans' prices at the payment provider";
const setupHint =
  'run `npm run stripe:setup` to create the prices (lookup keys starter, pro, business and starter_yearly, pro_yearly, business_yearly)';

const planNamed = (value: string | null | undefined): PlanId | undefined =>
  planIds.find((plan) => plan === value);

/** The catalogue from fixed price ids alone, with no provider to ask (tests that never buy). */
export function fixedPlanCatalogue(priceIds: Record<PlanId, string>): PlanCatalogue {
  const yearlyPriceIds = Object.fromEntries(
    planIds.map((plan) => [plan, `${priceIds[plan]}_yearly`]),
  ) as Record<PlanId, string>;
  return {
    priceIds,
    yearlyPriceIds,
    planByPriceId: new Map(
      planIds.flatMap((plan) => [
        [priceIds[plan], plan],
        [yearlyPriceIds[plan], plan],
      ]),
    ),
    periodByPriceId: new Map(
      planIds.flatMap((plan) => [
        [priceIds[plan], 'month'],
        [yearlyPriceIds[plan], 'year'],
      ]),
    ),
  };
}

/**
 * Reads the plans' prices from the payment provider once, at start: each plan's price is its
 * `STRIPE_PRICE_*` override, else the active price whose `lookup_key` is the plan id (what
 * `npm run stripe:setup` creates). Every price whose lookup key or `metadata.plan` names a plan, active
 * or archived, names that plan for a subscriber's `stripe_price_id`.
 *
 * Throws a ConfigurationError naming every plan without a price, every override the account does not
 * have, has archived or knows as another plan's price, or the provider's refusal of the key. While the
 * provider cannot be reached it tries again for `waitMs` (the embedded emulator starts beside the app).
 */
export async function resolvePlanPrices(
  stripe: Stripe,
  overrides: PriceOverrides,
  options: { waitMs?: number } = {},
): Promise<PlanCatalogue> {
  const { byLookupKey, all } = await readPrices(stripe, options.waitMs ?? 0);

  const planByPriceId = new Map<string, PlanId>();
  const periodByPriceId = new Map<string, BillingPeriod>();
  for (const price of all) {
    const plan = planNamed(price.lookup_key?.replace(/_yearly$/, '')) ?? planNamed(price.metadata?.plan);
    if (plan) planByPriceId.set(price.id, plan);
    periodByPriceId.set(price.id, price.recurring?.interval === 'year' ? 'year' : 'month');
  }

  const problems: string[] = [];
  const priceIds: Partial<Record<PlanId, string>> = {};
  for (const plan of planIds) {
    const variable = `STRIPE_PRICE_${plan.toUpperCase()}`;
    const override = overrides[plan];
    if (override) {
      const price = all.find((candidate) => candidate.id === override);
      const named = planByPriceId.get(override);
      if (!price) {
        problems.push(`${variable}: the payment provider has no price ${override}`);
      } else if (!price.active) {
        problems.push(`${variable}: ${override} is archived; a checkout cannot buy it`);
      } else if (named && named !== plan) {
        problems.push(
          `${variable}: ${override} is the ${named} plan's price (its lookup key or metadata.plan)`,
        );
      } else {
        priceIds[plan] = override;
        planByPriceId.set(override, plan);
      }
      continue;
    }
    const found = byLookupKey.find((price) => price.lookup_key === plan);
    if (found) priceIds[plan] = found.id;
    else problems.push(`${variable}: unset, and no active price has the lookup key '${plan}': ${setupHint}`);
  }
  const yearlyPriceIds: Partial<Record<PlanId, string>> = {};
  for (const plan of planIds) {
    const key = priceLookupKey(plan, 'year');
    const found = byLookupKey.find((price) => price.lookup_key === key);
    if (found?.recurring?.interval === 'year') yearlyPriceIds[plan] = found.id;
    else
      problems.push(
        `the ${plan} plan's yearly price: no active yearly price has the lookup key '${key}': ${setupHint}`,
      );
  }
  if (problems.length > 0) throw new ConfigurationError(title, problems);
  return {
    priceIds: priceIds as Record<PlanId, string>,
    yearlyPriceIds: yearlyPriceIds as Record<PlanId, string>,
    planByPriceId,
    periodByPriceId,
  };
}

async function readPrices(stripe: Stripe, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const keys = planIds.flatMap((plan) => [priceLookupKey(plan, 'month'), priceLookupKey(plan, 'year')]);
      const byLookupKey = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
      // Without `active`, the list holds archived prices too.
      const all = await stripe.prices.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
      return { byLookupKey: byLookupKey.data, all };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (error instanceof Stripe.errors.StripeConnectionError && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw new ConfigurationError(title, [providerProblem(error)]);
    }
  }
}

function providerProblem(error: InstanceType<typeof Stripe.errors.StripeError>): string {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return `STRIPE_SECRET_KEY: the payment provider refused it (${error.message})`;
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return `STRIPE_SECRET_KEY: the key may not read prices; a restricted key needs Prices read (${error.message})`;
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return `the payment provider is not reachable (${error.message})`;
  }
  return `the payment provider answered ${error.statusCode ?? 'an error'} to prices.list: ${error.message}`;
}
