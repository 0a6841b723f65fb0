// `npm run bench:billing`: (1) from clicking a plan in the pricing frame to the active plan showing on
// the dashboard, through hosted checkout with the 4242 card, in Chromium (p50 of 10 runs); (2) webhook
// handling throughput: signed events for a real customer posted to /api/stripe-webhook, each re-reading
// the subscription from the provider and writing the plan, without and with the owner's mail ordered;
// (3) usage on the provider's meters (usage.ts): an item write's cost with USAGE_REPORTING off and on,
// and meter events a second through the job queue. PostgreSQL. BENCH_PARTS=checkout (1 and 2) or usage
// (3) runs one part (both by default). Prints figures; asserts nothing.
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { chromiumFlags, chromiumPath } from '../../scripts/ensure-chromium.mjs';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { usageBench } from './usage.ts';

const purchaseRuns = Number(process.env.BENCH_RUNS ?? 10);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const webhookConnections = 10;
const parts = (process.env.BENCH_PARTS ?? 'checkout,usage').split(',');
const secretKey = 'sk_test_emulator';
const webhookSecret = 'whsec_emulator';

/** One purchase as a person makes it; the clock runs from the click on 'Choose Pro'. */
async function timePurchase(browser, product) {
  const user = await newSignedInUser(product.origin, 'bench-buyer');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${product.origin}/legal/terms-of-service`);
  await page.evaluate((token) => window.localStorage.setItem('auth0_access_token', token), user.token);
  await page.goto(`${product.origin}/pricing`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const choose = page.frameLocator('iframe[title]').first().getByRole('link', { name: 'Choose Pro' });
  await choose.waitFor();

  const clickedAt = performance.now();
  await choose.click();
  await page.waitForURL(`${product.paymentsOrigin}/c/pay/**`);
  const checkoutShownAt = performance.now();
  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expir/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name on card/i).fill('Bench Buyer');
  const submittedAt = performance.now();
  await page.getByRole('button', { name: /^(Subscribe|Start trial)$/ }).click();
  await page.getByTestId('dashboard-plan').getByText('Active', { exact: true }).waitFor({ timeout: 60_000 });
  const activeAt = performance.now();
  await context.close();
  return {
    total: activeAt - clickedAt,
    toCheckout: checkoutShownAt - clickedAt,
    fromPayToActive: activeAt - submittedAt,
  };
}

/** Webhook handling under load for one event type (the same signed event, delivered again and again). */
async function webhookThroughput(product, type) {
  const { port } = new URL(product.paymentsOrigin);
  const stripe = new Stripe(secretKey, { host: 'localhost', port: Number(port), protocol: 'http' });
  const user = await newSignedInUser(product.origin, 'bench-webhooks');
  await requestJson(`${product.origin}/api/user`, { token: user.token });
  await requestJson(`${product.origin}/api/stripe-create-checkout-session`, {
    method: 'POST',
    token: user.token,
    body: {
      priceId: 'price_pro_monthly',
      successUrl: `${product.origin}/dashboard?paid=true`,
      cancelUrl: `${product.origin}/pricing`,
    },
  });
  const [customer] = (await stripe.customers.list({ email: user.email })).data;
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_pro_monthly', quantity: 5 }],
    trial_period_days: 14,
  });
  const payload = JSON.stringify({
    id: `evt_bench_${type}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: subscription },
  });
  // One signature serves the whole run: the timestamp stays within the 300 s tolerance.
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const result = await autocannon({
    url: `${product.origin}/api/stripe-webhook`,
    method: 'POST',
    connections: webhookConnections,
    duration: durationSeconds,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`webhooks: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}

/** (1) and (2): the purchase in Chromium, then webhook handling under load. */
async function purchaseAndWebhooks() {
  const database = await createBenchDatabase('bench_billing');
  const product = await startProduct({ DATABASE_URL: database.url });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    await timePurchase(browser, product); // warm-up: first page loads, JIT, pool connections
    const purchases = [];
    for (let index = 0; index < purchaseRuns; index += 1)
      purchases.push(await timePurchase(browser, product));
    const p50 = (key) =>
      round(
        percentile(
          purchases.map((purchase) => purchase[key]),
          50,
        ),
        0,
      );
    const p90 = (key) =>
      round(
        percentile(
          purchases.map((purchase) => purchase[key]),
          90,
        ),
        0,
      );

    const plain = await webhookThroughput(product, 'customer.subscription.updated');
    // The same sync, and the owner's mail ordered (its row and job; then, redelivered, found ordered).
    const mailing = await webhookThroughput(product, 'customer.subscription.trial_will_end');

    console.log(`\nbench:billing (PostgreSQL, ${purchaseRuns} purchases after a warm-up, Chromium)`);
    console.table({
      'click plan → plan active on dashboard': { p50_ms: p50('total'), p90_ms: p90('total') },
      '  click → checkout page shown': { p50_ms: p50('toCheckout'), p90_ms: p90('toCheckout') },
      '  pay → plan active on dashboard': { p50_ms: p50('fromPayToActive'), p90_ms: p90('fromPayToActive') },
    });
    console.log(
      `webhook handling (${webhookConnections} connections, ${durationSeconds} s, each event re-reads the subscription):`,
    );
    const row = (result) => ({
      'req/s': round(result.requests.average, 0),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
    });
    console.table({
      'POST /api/stripe-webhook, subscription.updated (no mail)': row(plain),
      'POST /api/stripe-webhook, trial_will_end (mail ordered)': row(mailing),
    });
    console.log('the mail is sent by a job: the webhook only writes its row and job');
  } finally {
    await browser.close();
    await product.stop();
    await database.drop();
  }
}

if (parts.includes('checkout')) await purchaseAndWebhooks();
if (parts.includes('usage')) await usageBench();
