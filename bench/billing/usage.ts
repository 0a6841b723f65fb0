// Usage on the provider's meters (docs/usage-billing.md), through the product as `npm start` runs it on
// PostgreSQL, two products side by side: USAGE_REPORTING off and on. (1) The write path's cost: POST
// /api/items one at a time, alternating between the two products, in a workspace on a trial of the
// business plan (a customer, so the product with reporting on orders a report in each create's
// transaction). (2) Meter events a second through the job queue: items written to several paying
// workspaces by 16 clients at once, faster than they are reported; the clock stops when every report
// job has completed (the backlog's drain is the queue's rate), then the provider's meter summaries are
// checked against the count. Prints figures; asserts nothing.
// `BENCH_PARTS=usage npm run bench:billing` runs it alone (bench/billing/run.mjs).
import pg from 'pg';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { type BusinessOwner, businessOwner, stripeOf } from '../lib/business-owner.ts';
import { requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';

const writes = Number(process.env.BENCH_WRITES ?? 300);
const warmUp = 50;
const events = Number(process.env.BENCH_EVENTS ?? 1000);
const workspaces = 8;
const writers = 16;

type Product = Awaited<ReturnType<typeof startProduct>>;
type Owner = BusinessOwner;

const writeItem = async (product: Product, token: string, name: string) => {
  const started = performance.now();
  await requestJson(`${product.origin}/api/items`, { method: 'POST', token, body: { name } });
  return performance.now() - started;
};

const summary = (samples: number[]) => ({
  meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length, 2),
  p50Ms: round(percentile(samples, 50), 2),
  p95Ms: round(percentile(samples, 95), 2),
});
const added = (base: number, other: number) => `${round(((other - base) / base) * 100, 1)} %`;

/** (1) One write at a time, the two products in turn, so that drift weighs on both alike. */
async function writeCost(off: Product, on: Product) {
  const owners = {
    off: await businessOwner(off, 'bench-usage-off'),
    on: await businessOwner(on, 'bench-usage-on'),
  };
  const times = { off: [] as number[], on: [] as number[] };
  for (let n = 0; n < warmUp + writes; n += 1) {
    const withoutReports = await writeItem(off, owners.off.token, `Item ${n}`);
    const withReports = await writeItem(on, owners.on.token, `Item ${n}`);
    if (n < warmUp) continue;
    times.off.push(withoutReports);
    times.on.push(withReports);
  }
  const offSummary = summary(times.off);
  const onSummary = summary(times.on);
  return {
    'USAGE_REPORTING=false': offSummary,
    'USAGE_REPORTING=true': onSummary,
    added: {
      meanMs: added(offSummary.meanMs, onSummary.meanMs),
      p50Ms: added(offSummary.p50Ms, onSummary.p50Ms),
      p95Ms: added(offSummary.p95Ms, onSummary.p95Ms),
    },
  };
}

/** The report jobs of these customers that have completed, and the reports of anyone not yet done. */
async function reportCounts(database: pg.Client, customers: string[]) {
  const result = await database.query(
    `select count(*) filter (where state = 'completed' and data->>'customer' = any($1))::int as completed,
            count(*) filter (where state in ('created', 'retry', 'active'))::int as pending
     from jobs.job where name = 'usage-report'`,
    [customers],
  );
  return result.rows[0] as { completed: number; pending: number };
}

/** The customers' total on the meter over the last day, as the provider counts it. */
async function meteredTotal(product: Product, customers: string[]) {
  const stripe = stripeOf(product);
  const [meter] = (await stripe.billing.meters.list()).data.filter(
    (each) => each.event_name === 'items_created',
  );
  if (!meter) return 0;
  const end = Math.ceil(Date.now() / 60_000) * 60 + 60;
  let total = 0;
  for (const customer of customers) {
    const summaries = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer,
      start_time: end - 24 * 3600,
      end_time: end,
    });
    total += summaries.data.reduce((sum, each) => sum + each.aggregated_value, 0);
  }
  return total;
}

/** (2) `events` items over `workspaces` paying workspaces; the clock stops at the last report done. */
async function reportThroughput(on: Product, databaseUrl: string) {
  const owners: Owner[] = [];
  for (let n = 0; n < workspaces; n += 1) owners.push(await businessOwner(on, `bench-usage-${n}`));
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const customers = owners.map((owner) => owner.customer);
    // Part (1)'s reports are drained first: the clock is this part's alone.
    while ((await reportCounts(database, customers)).pending > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const started = performance.now();
    // `writers` clients at once, each taking the next item, so that the writes outrun the reports and a
    // backlog forms: its drain is the queue's rate.
    let next = 0;
    const writer = async () => {
      for (let n = next++; n < events; n = next++) {
        await writeItem(on, owners[n % workspaces]?.token ?? '', `Burst ${n}`);
      }
    };
    await Promise.all(Array.from({ length: writers }, writer));
    const written = performance.now();
    const backlog = events - (await reportCounts(database, customers)).completed;
    while ((await reportCounts(database, customers)).completed < events) {
      if (performance.now() - started > 600_000)
        throw new Error('the reports did not complete in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = performance.now();
    const drainSeconds = (finished - written) / 1000;
    return {
      events,
      writesPerSecond: Math.round(events / ((written - started) / 1000)),
      reportsPerSecond: Math.round(events / ((finished - started) / 1000)),
      backlogAtLastWrite: backlog,
      drainPerSecond: drainSeconds > 0 ? Math.round(backlog / drainSeconds) : null,
      drainSeconds: round(drainSeconds, 2),
      atProvider: await meteredTotal(on, customers),
    };
  } finally {
    await database.end();
  }
}

/** Both parts; the products are started here and stopped after. */
export async function usageBench() {
  const offDatabase = await createBenchDatabase('bench_usage_off');
  const onDatabase = await createBenchDatabase('bench_usage_on');
  const common = { ITEMS_PER_USER_MAX: '100000' };
  const off = await startProduct({ ...common, DATABASE_URL: offDatabase.url, USAGE_REPORTING: 'false' });
  const on = await startProduct({ ...common, DATABASE_URL: onDatabase.url, USAGE_REPORTING: 'true' });
  try {
    const cost = await writeCost(off, on);
    const throughput = await reportThroughput(on, onDatabase.url);
    console.log(
      `\nusage reporting (PostgreSQL): POST /api/items, ${writes} in each product after ${warmUp} to warm up`,
    );
    console.table(cost);
    console.log(
      `meter events through the job queue: ${events} items over ${workspaces} paying workspaces, ${writers} clients writing at once`,
    );
    console.table({ 'usage-report jobs': throughput });
  } finally {
    await off.stop();
    await on.stop();
    await offDatabase.drop();
    await onDatabase.drop();
  }
}
