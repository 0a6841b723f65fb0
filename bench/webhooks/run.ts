// `npm run bench:webhooks`: outbound webhooks (docs/webhooks.md), through the product as `npm start` runs
// it, on PostgreSQL and on the embedded PGlite. (1) The latency of an item write (POST /api/items, as a
// client sees it) in a workspace with 10 endpoints subscribed, against one with none, the two in turn,
// while those deliveries are being sent (goal: within 10 %: the write records the deliveries and one
// job; sending is the jobs' work). (2) Deliveries per second through the queue to a local receiver that
// answers 204 at once. Prints figures; asserts nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';

const writes = Number(process.env.BENCH_WRITES ?? 300);
const warmUp = 50;
const endpointCount = 10;
const events = Number(process.env.BENCH_EVENTS ?? 200);

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
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

async function run(env: Record<string, string>) {
  const product = await startProduct({ ...env, ITEMS_PER_USER_MAX: '100000' });
  try {
    const quiet = await newSignedInUser(product.origin, 'bench-quiet');
    const busy = await newSignedInUser(product.origin, 'bench-busy');
    for (const person of [quiet, busy])
      await requestJson(`${product.origin}/api/user`, { token: person.token });
    for (let n = 0; n < endpointCount; n += 1) {
      await requestJson(`${product.origin}/api/webhook-endpoints`, {
        method: 'POST',
        token: busy.token,
        body: { url: `${receiverOrigin}/endpoint-${n}`, events: ['item.created'] },
      });
    }
    const write = async (token: string, name: string) => {
      const started = performance.now();
      await requestJson(`${product.origin}/api/items`, { method: 'POST', token, body: { name } });
      return performance.now() - started;
    };

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

    // (2) Writes as fast as one client sends them; the clock stops at the last delivery received.
    const start = received;
    const started = performance.now();
    for (let n = 0; n < events; n += 1) await write(busy.token, `Burst ${n}`);
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
  console.log(`\n${name}: POST /api/items, ${writes} in each workspace after ${warmUp} to warm up`);
  console.table(result.latency);
  console.log(
    `${name}: ${events} writes to the workspace with ${endpointCount} endpoints, sent one after another`,
  );
  console.table({ [name]: result.throughput });
}
