// `npm run stripe:setup`: the product's catalogue (@launchkit/plans) as Stripe products with monthly and
// yearly per-seat prices whose `lookup_key` is the plan id (starter, pro, business) for monthly and
// `<plan>_yearly` for yearly, in the account STRIPE_SECRET_KEY and
// STRIPE_API_URL point at: the payment emulator by default, or a real (test) account. Idempotent: a
// plan whose price already has its lookup key, amount and interval is left alone; a changed amount gets
// a new price that takes the lookup key over (the old one is archived), as Stripe recommends.
//
// Then the meter of items created and its metered price (usage billing, decision 0047), and the
// webhook endpoint `<VITE_SITE_URL>/api/stripe-webhook`, made with an explicit `api_version` (the stripe
// package's) and the plan events when missing, its signing secret printed once; an endpoint
// on another version is reported with the fix (docs/decisions/0031).
//
// It lives in scripts/ rather than in the emulator: it sets up the product's own Stripe account, reads
// the product's catalogue and variables, and the emulator is only one of the accounts it can target.
import { pathToFileURL } from 'node:url';
import { priceLookupKey, unitAmountFor } from '@launchkit/plans';
import Stripe from 'stripe';
import {
  describeEndpointReport,
  setUpWebhookEndpoint,
  wantedEndpoint,
} from '../apps/api/src/billing/webhook-endpoint.ts';
import { ensureUsageCatalogue, itemsCreatedMeter } from '../apps/api/src/usage/usage-meter.ts';
import { loadDotEnv } from './lib/dot-env.mjs';
import { siteOriginOf } from './lib/site-origin.mjs';
import { root } from './lib/workspace.mjs';

/** The Stripe client the app itself would build from the environment (apps/api config). */
export function stripeFromEnvironment(env = process.env) {
  const key = env.STRIPE_SECRET_KEY?.trim() || 'sk_test_emulator';
  const apiUrl =
    env.STRIPE_API_URL?.trim() ||
    (env.STRIPE_SECRET_KEY?.trim() ? undefined : `http://localhost:${env.PAYMENTS_PORT?.trim() || 3002}`);
  if (!apiUrl) return { stripe: new Stripe(key), target: 'Stripe' };
  const url = new URL(apiUrl);
  const protocol = url.protocol.replace(':', '');
  return {
    stripe: new Stripe(key, {
      host: url.hostname,
      port: Number(url.port || (protocol === 'https' ? 443 : 80)),
      protocol,
    }),
    target: url.origin,
  };
}

const isPlanPrice = (price, plan, period) =>
  price.active &&
  price.type === 'recurring' &&
  price.currency === 'usd' &&
  price.unit_amount === unitAmountFor(plan, period) &&
  price.recurring?.interval === period &&
  price.recurring.interval_count === 1 &&
  price.recurring.usage_type === 'licensed';

/** The plan's product: the one its current price names, else an active one with `metadata.plan`. */
async function findProduct(stripe, plan, current) {
  if (current && typeof current.product === 'object' && current.product.active) return current.product;
  for await (const product of stripe.products.list({ active: true, limit: 100 })) {
    if (product.metadata?.plan === plan.id) return product;
  }
  return undefined;
}

/**
 * Makes sure each plan has its product and its monthly and yearly prices; answers one line per plan and
 * period: `created` (product and/or price made), `updated` (a new price for a changed amount), or
 * `unchanged`.
 */
export async function setupCatalogue(stripe, plans) {
  const results = [];
  for (const plan of plans) {
    for (const period of ['month', 'year']) results.push(await setupPrice(stripe, plan, period));
  }
  return results;
}

async function setupPrice(stripe, plan, period) {
  const lookupKey = priceLookupKey(plan.id, period);
  const unitAmount = unitAmountFor(plan, period);
  const [current] = (await stripe.prices.list({ lookup_keys: [lookupKey], expand: ['data.product'] })).data;
  if (current && isPlanPrice(current, plan, period)) {
    return { plan: plan.id, period, product: current.product.id, price: current.id, status: 'unchanged' };
  }
  // Keys derived from what is made: a run that died halfway and is run again within a day makes
  // nothing twice.
  const key = `stripe-setup-${lookupKey}-${unitAmount}`;
  let product = await findProduct(stripe, plan, current);
  if (!product) {
    product = await stripe.products.create(
      {
        name: plan.name,
        unit_label: 'seat',
        marketing_features: plan.features.map((name) => ({ name })),
        metadata: { plan: plan.id },
      },
      { idempotencyKey: `${key}-product` },
    );
  }
  const price = await stripe.prices.create(
    {
      product: product.id,
      currency: 'usd',
      unit_amount: unitAmount,
      recurring: { interval: period, usage_type: 'licensed' },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      nickname: `${plan.name} (per seat, ${period === 'month' ? 'monthly' : 'yearly'})`,
      metadata: { plan: plan.id },
    },
    { idempotencyKey: `${key}-price-${product.id}` },
  );
  if (period === 'month') await stripe.products.update(product.id, { default_price: price.id });
  if (current?.active) await stripe.prices.update(current.id, { active: false });
  return {
    plan: plan.id,
    period,
    product: product.id,
    price: price.id,
    status: current ? 'updated' : 'created',
  };
}

/**
 * The meter of items created and its metered price (docs/usage-billing.md), found by event name and
 * lookup key or made; the app finds them the same way when USAGE_REPORTING is on. Answers the lines to
 * print.
 */
export async function setupUsageMeter(stripe) {
  const catalogue = await ensureUsageCatalogue(stripe);
  return [
    `  meter ${itemsCreatedMeter.eventName.padEnd(16)} ${catalogue.meterId}`,
    `  metered price          ${catalogue.priceId} (${catalogue.unitAmount} ¢ per item, billed monthly in arrears)`,
  ];
}

/** The site's public origin as the app reads it (lib/site-origin.mjs). */
export { siteOriginOf };

/**
 * Makes sure the site's webhook endpoint exists, is enabled, sends the plan events and is pinned to the
 * stripe package's API version; answers `ok` and the lines to print (the signing secret only when the
 * endpoint was just made: Stripe shows it once).
 */
export async function setupWebhook(stripe, siteOrigin) {
  const wanted = wantedEndpoint(siteOrigin);
  const setup = await setUpWebhookEndpoint(stripe, wanted);
  const head = `  ${wanted.url} (API ${wanted.apiVersion})`;
  if (setup.action === 'created') {
    return {
      ok: true,
      lines: [
        `${head}: created ${setup.endpoint.id}. Its signing secret, shown this once:`,
        `  STRIPE_WEBHOOK_SECRET=${setup.secret}`,
      ],
    };
  }
  if (setup.action === 'updated') {
    return { ok: true, lines: [`${head}: ${setup.endpoint.id} enabled, sending every plan event.`] };
  }
  if (setup.action === 'unchanged') return { ok: true, lines: [`${head}: ${setup.endpoint.id} is ready.`] };
  return { ok: false, lines: [`${head}: ${describeEndpointReport(setup.report)}`] };
}

async function main() {
  loadDotEnv(root);
  const { plans } = await import('@launchkit/plans');
  const { stripe, target } = stripeFromEnvironment();
  console.log(`Setting up the catalogue in ${target} …`);
  const results = await setupCatalogue(stripe, plans);
  for (const result of results) {
    const name = `${result.plan} ${result.period === 'month' ? 'monthly' : 'yearly'}`;
    console.log(`  ${name.padEnd(16)} ${result.status.padEnd(9)} ${result.product}  ${result.price}`);
  }
  const made = results.filter((result) => result.status !== 'unchanged').length;
  console.log(made === 0 ? 'Nothing to do: every plan has its prices.' : `${made} price(s) set up.`);
  console.log('The app finds each price by its lookup key (the plan id, or <plan>_yearly) at start:');
  console.log('STRIPE_PRICE_* may stay unset. The monthly ids, should you want them as overrides:');
  for (const result of results.filter((each) => each.period === 'month')) {
    console.log(`  STRIPE_PRICE_${result.plan.toUpperCase()}=${result.price}`);
  }
  console.log('Usage billing (USAGE_REPORTING):');
  for (const line of await setupUsageMeter(stripe)) console.log(line);
  console.log('The webhook endpoint:');
  const webhook = await setupWebhook(stripe, siteOriginOf());
  for (const line of webhook.lines) console.log(line);
  if (!webhook.ok) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`stripe:setup failed: ${error.message}`);
    process.exit(1);
  });
}
