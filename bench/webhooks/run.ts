// `npm run bench:webhooks`: outbound webhooks (docs/webhooks.md), through the product as `npm start` runs
// it, on PostgreSQL and on the embedded PGlite. (1) The latency of an item write (POST /api/items, as a
// client sees it) in a workspace with 10 endpoints subscribed, against one with none, the two in turn,
// while those deliveries are being sent (goal: within 10 %: the write records the deliveries and one
// job; sending is the jobs' work). (2) Deliveries per second through the queue to a local receiver that
// answers 204 at once, the writes spread over several workspaces (each has its budget a minute).
// (3) The audit's flood: 750 writes in a workspace with 20 endpoints (15,000 deliveries), then one write
// in another workspace: how long its single delivery takes to arrive (goal: a few seconds).
// The workspaces with endpoints are on the business plan (a trial at the payment emulator).
// BENCH_PARTS=latency (1 and 2) or flood (3) runs one part (all by default). Prints figures; asserts nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { type BusinessOwner, businessOwner } from '../lib/business-owner.ts';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';

const writes = Number(process.env.BENCH_WRITES ?? 300);
const warmUp = 50;
const endpointCount = 10;
const events = Number(process.env.BENCH_EVENTS ?? 200);
const throughputWorkspaces = 8;
const floodWrites = Number(process.env.BENCH_FLOOD_WRITES ?? 750);
const floodEndpoints = 20;
const parts = (process.env.BENCH_PARTS ?? 'latency,flood').split(',');

let received = 0;
// When each path last received a delivery (the flood's quiet workspace has a path of its own).
const arrivedAt = new Map<string, number>();
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    arrivedAt.set(request.url ?? '/', performance.now());
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

async function waitForDeliveries(count: number, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (received < count) {
    if (Date.now() > deadline) throw new Error(`${received} of ${count} deliveries within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const summary = (samples: number[]) => ({
  meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length, 2),
  p50Ms: round(percentile(samples, 50), 2),
  p95Ms: round(percentile(samples, 95), 2),
});
const added = (base: number, other: number) => `${round(((other - base) / base) * 100, 1)} %`;

type Product = Awaited<ReturnType<typeof startProduct>>;
type Person = BusinessOwner;

async function addEndpoints(product: Product, person: Person, paths: string[]) {
  for (const path of paths) {
    await requestJson(`${product.origin}/api/webhook-endpoints`, {
      method: 'POST',
      token: person.token,
      body: { url: `${receiverOrigin}${path}`, events: ['item.created'] },
    });
  }
}

const writeItem = async (product: Product, token: string, name: string) => {
  const started = performance.now();
  await requestJson(`${product.origin}/api/items`, { method: 'POST', token, body: { name } });
  return performance.now() - started;
};

/**
 * (3) The audit's flood: `floodWrites` writes in a workspace with 20 endpoints, then one write in
 * another: the time from that write's answer to its delivery's arrival, and how many of the flood's
 * deliveries had arrived by then. The flood is not waited for (its budget spreads it over minutes).
 */
async function flood(product: Product) {
  const flooding = await businessOwner(product, 'bench-flooding');
  const quiet = await newSignedInUser(product.origin, 'bench-quiet-one');
  await addEndpoints(
    product,
    flooding,
    Array.from({ length: floodEndpoints }, (_, n) => `/flood-${n}`),
  );
  await addEndpoints(product, quiet, ['/quiet-one']);
  const before = received;
  const floodStarted = performance.now();
  for (let n = 0; n < floodWrites; n += 1) await writeItem(product, flooding.token, `Flood ${n}`);
  const floodWritten = performance.now();
  await writeItem(product, quiet.token, 'Quiet');
  const written = performance.now();
  while (!arrivedAt.has('/quiet-one')) {
    if (performance.now() - written > 600_000) throw new Error('the quiet delivery never arrived');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const arrived = arrivedAt.get('/quiet-one') ?? written;
  return {
    floodDeliveries: floodWrites * floodEndpoints,
    floodWritesSeconds: round((floodWritten - floodStarted) / 1000, 2),
    floodReceivedBefore: received - before - 1,
    quietDelaySeconds: round((arrived - written) / 1000, 3),
  };
}

const endpointPaths = (prefix: string) => Array.from({ length: endpointCount }, (_, n) => `/${prefix}-${n}`);

/** (1) and (2): a write's latency with 10 endpoints against none, and deliveries a second. */
async function latencyAndThroughput(product: Product) {
  // Both on a plan: a free workspace's changes a minute are fewer than the bench writes.
  const quiet = await businessOwner(product, 'bench-quiet');
  const busy = await businessOwner(product, 'bench-busy');
  await addEndpoints(product, busy, endpointPaths('endpoint'));
  const write = (token: string, name: string) => writeItem(product, token, name);

  // (1) One write at a time, the two workspaces in turn, so that drift and the deliveries' work weigh
  // on both alike.
  const before = received;
  const times = { none: [] as number[], ten: [] as number[] };
  for (let n = 0; n < warmUp + writes; n += 1) {
    const none = await write(quiet.token, `Item ${n}`);
    const ten = await write(busy.token, `Item ${n}`);
    if (n < warmUp) continue;
    times.none.push(none);
    times.ten.push(ten);
  }
  await waitForDeliveries(before + (warmUp + writes) * endpointCount);
  const none = summary(times.none);
  const ten = summary(times.ten);

  // (2) Writes as fast as one client sends them, to several workspaces in turn (one workspace's
  // deliveries are bounded by its budget a minute); the clock stops at the last delivery received.
  const writers = [busy];
  for (let n = 1; n < throughputWorkspaces; n += 1) {
    const another = await businessOwner(product, `bench-busy-${n}`);
    await addEndpoints(product, another, endpointPaths(`busy-${n}`));
    writers.push(another);
  }
  const start = received;
  const started = performance.now();
  for (let n = 0; n < events; n += 1) await write(writers[n % writers.length]?.token ?? '', `Burst ${n}`);
  const written = performance.now();
  await waitForDeliveries(start + events * endpointCount);
  const seconds = (performance.now() - started) / 1000;
  return {
    latency: {
      'no endpoints': none,
      [`${endpointCount} endpoints`]: ten,
      added: {
        meanMs: added(none.meanMs, ten.meanMs),
        p50Ms: added(none.p50Ms, ten.p50Ms),
        p95Ms: added(none.p95Ms, ten.p95Ms),
      },
    },
    throughput: {
      deliveries: events * endpointCount,
      writesSeconds: round((written - started) / 1000, 2),
      seconds: round(seconds, 2),
      perSecond: Math.round((events * endpointCount) / seconds),
    },
  };
}

async function run(env: Record<string, string>) {
  const product = await startProduct({ ...env, ITEMS_PER_USER_MAX: '100000' });
  try {
    return {
      ...(parts.includes('latency') && (await latencyAndThroughput(product))),
      ...(parts.includes('flood') && { flood: await flood(product) }),
    };
  } finally {
    await product.stop();
  }
}

// BENCH_DATABASES=postgres or =pglite runs one of the two (both by default).
const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
if (databases.includes('postgres')) {
  const database = await createBenchDatabase('bench_webhooks');
  try {
    results.PostgreSQL = await run({ DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
if (databases.includes('pglite')) results['PGlite (embedded)'] = await run({});
receiver.close();

for (const [name, result] of Object.entries(results)) {
  if (result.latency) {
    console.log(`\n${name}: POST /api/items, ${writes} in each workspace after ${warmUp} to warm up`);
    console.table(result.latency);
    console.log(
      `${name}: ${events} writes to ${throughputWorkspaces} workspaces with ${endpointCount} endpoints each, sent one after another`,
    );
    console.table({ [name]: result.throughput });
  }
  if (result.flood) {
    console.log(
      `${name}: ${floodWrites} writes in a workspace with ${floodEndpoints} endpoints, then one in another`,
    );
    console.table({ [name]: result.flood });
  }
}
