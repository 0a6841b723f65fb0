// `npm run bench:cluster`: requests per second through the load balancer with three instances against
// one instance reached directly, on the cluster of the cluster test (cluster/start-cluster.ts:
// production mode, PostgreSQL, Redis, HAProxy; the bench uses the balancer's plain-http listener, so
// TLS is not part of the figures). For the dashboard's list read and for item creation, at 1, 10 and
// 100 connections: one instance direct, three behind HAProxy, and one behind HAProxy (the other two
// stopped) to tell the balancer's own cost from the gain of more instances. Everything shares this
// machine's cores (BENCH_CONNECTION_STEPS, BENCH_DURATION). Prints figures; asserts nothing.
import autocannon from 'autocannon';
import { startCluster } from '../../cluster/start-cluster.ts';
import { round } from '../lib/stats.mjs';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
const connectionSteps = (process.env.BENCH_CONNECTION_STEPS ?? '1,10,100').split(',').map(Number);
const listLength = 20;
const writers = 10;

type Figures = { 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: number };

async function load(url: string, connections: number, tokens: string[], method: 'GET' | 'POST') {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method,
        ...(method === 'POST' && { body: JSON.stringify({ name: 'Benchmark item' }) }),
        // Each request as another person (creates spread over several workspaces, as real ones are).
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          },
        }),
      },
    ],
  });
  return {
    'req/s': round(result.requests.average, 0),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  } satisfies Figures;
}

async function measure(origin: string, reader: string[], writerTokens: string[]) {
  const rows: Record<string, Figures> = {};
  await load(`${origin}/api/items`, 10, reader, 'GET'); // warm-up: JIT, pools, prepared statements
  for (const connections of connectionSteps) {
    rows[`list, ${connections} conn.`] = await load(`${origin}/api/items`, connections, reader, 'GET');
    rows[`create, ${connections} conn.`] = await load(
      `${origin}/api/items`,
      connections,
      writerTokens,
      'POST',
    );
  }
  return rows;
}

const cluster = await startCluster({
  instances: 3,
  appEnv: { WRITE_RATE_LIMIT_MAX: '1000000', ITEMS_PER_USER_MAX: '1000000', LOG_LEVEL: 'error' },
});
try {
  const reader = await cluster.newUser('cluster-reader');
  for (let index = 0; index < listLength; index += 1) {
    await fetch(`${cluster.plainOrigin}/api/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Item ${index}` }),
    });
  }
  const writerTokens: string[] = [];
  for (let index = 0; index < writers; index += 1) {
    writerTokens.push((await cluster.newUser(`cluster-writer-${index}`)).accessToken);
  }
  const [first] = cluster.instances;
  if (!first) throw new Error('the cluster has no instance');

  const direct = await measure(first.origin, [reader.accessToken], writerTokens);
  const balancedThree = await measure(cluster.plainOrigin, [reader.accessToken], writerTokens);
  for (const instance of cluster.instances.slice(1)) await instance.stop();
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // the balancer's health checks see them gone
  const balancedOne = await measure(cluster.plainOrigin, [reader.accessToken], writerTokens);

  console.log(
    `\nProduction mode, PostgreSQL, ${durationSeconds} s a run; list: GET /api/items of ${listLength} items; ` +
      `create: POST /api/items spread over ${writers} workspaces`,
  );
  const table: Record<string, Record<string, number | string>> = {};
  for (const step of Object.keys(direct)) {
    const [one, three, oneBalanced] = [direct[step], balancedThree[step], balancedOne[step]];
    if (!one || !three || !oneBalanced) continue;
    table[step] = {
      '1 direct req/s': one['req/s'],
      '1 direct p99': one['p99 ms'],
      '1 via HAProxy req/s': oneBalanced['req/s'],
      '3 via HAProxy req/s': three['req/s'],
      '3 via HAProxy p99': three['p99 ms'],
      '3 via HAProxy / 1 direct': round(three['req/s'] / one['req/s'], 2),
      errors: one.errors + three.errors + oneBalanced.errors,
    };
  }
  console.table(table);
  console.log(
    'All on one 2-core machine: the three instances, HAProxy, PostgreSQL, Redis and the load share it.',
  );
} finally {
  await cluster.stop();
}
