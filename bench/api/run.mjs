// `npm run bench:api`: the workspace API on PostgreSQL. (1) Throughput of the authenticated items list
// beside a bare node:http server running the same verification and query; (2) live-list latency: from
// a write's response to its arrival on each of many open streams. Prints figures; asserts nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import autocannon from 'autocannon';
import { startOtlpReceiver } from '../../scripts/lib/otlp-receiver.mjs';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { startBareApi } from '../lib/bare-api-server.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { maximum, percentile, round } from '../lib/stats.mjs';
import { cpuSeconds, pidListeningOn } from './process-cpu.mjs';
import { roundTripsPerRequest } from './round-trips.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const throughputRounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 50;
const listLength = 20;
const streamCount = Number(process.env.BENCH_STREAMS ?? 100);
const liveWrites = Number(process.env.BENCH_WRITES ?? 30);
// BENCH_TRACING=on: the product exports every request's trace to a collector on loopback (one that reads
// and drops them), with the SDK's defaults (OTLP/HTTP protobuf, batched); unset: tracing off, as shipped.
const isTracing = process.env.BENCH_TRACING === 'on';

async function run(url, token, duration) {
  const pid = pidListeningOn(Number(new URL(url).port));
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  const cpuAfter = cpuSeconds(pid);
  const cpuMsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return { ...result, cpuMsPerRequest };
}

const median = (values) => percentile(values, 50);

/**
 * Product and baseline take turns (after a warm-up of each: JIT, pool connections, prepared
 * statements), the first of each round alternating, so that load from other processes on the machine
 * weighs on both alike. Figures are medians over the rounds; the ratio is the median of each round's.
 */
async function compareThroughput(productUrl, baselineUrl, token) {
  await run(productUrl, token, 3);
  await run(baselineUrl, token, 3);
  const rounds = [];
  for (let index = 0; index < throughputRounds; index += 1) {
    const order = index % 2 === 0 ? ['product', 'baseline'] : ['baseline', 'product'];
    const figures = {};
    for (const side of order) {
      const result = await run(side === 'product' ? productUrl : baselineUrl, token, durationSeconds);
      figures[side] = {
        requestsPerSecond: result.requests.average,
        p99: result.latency.p99,
        cpuMsPerRequest: result.cpuMsPerRequest,
      };
    }
    if (process.env.BENCH_VERBOSE) console.log(figures);
    rounds.push(figures);
  }
  const summary = (side) => {
    const cpu = rounds.map((each) => each[side].cpuMsPerRequest);
    return {
      requestsPerSecond: round(median(rounds.map((each) => each[side].requestsPerSecond)), 0),
      p99: median(rounds.map((each) => each[side].p99)),
      // The server process's own CPU per request: steady when other processes share the machine.
      cpuMsPerRequest: cpu.includes(undefined) ? 'n/a' : round(median(cpu), 3),
    };
  };
  const ratio = median(
    rounds.map((each) => each.product.requestsPerSecond / each.baseline.requestsPerSecond),
  );
  return { product: summary('product'), baseline: summary('baseline'), ratio };
}

/** An items stream read with fetch, as the web app does; `arrivals` holds [time, data] per event. */
async function openStream(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`the stream answered ${response.status}`);
  const arrivals = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let now = 0;
  const parser = createEventParser((event) => arrivals.push([now, event.data]));
  const done = (async () => {
    for (;;) {
      const { value, done: isDone } = await reader.read().catch(() => ({ done: true }));
      if (isDone) return;
      now = performance.now();
      parser.push(value);
    }
  })();
  return { arrivals, close: () => reader.cancel().then(() => done) };
}

async function liveLatency(origin, token) {
  const streams = await Promise.all(
    Array.from({ length: streamCount }, () => openStream(`${origin}/api/items/stream`, token)),
  );
  const waitUntil = async (condition, timeoutMs) => {
    const deadline = performance.now() + timeoutMs;
    while (!condition()) {
      if (performance.now() > deadline) throw new Error(`not delivered within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  await waitUntil(() => streams.every((stream) => stream.arrivals.length > 0), 10_000);

  const latencies = [];
  for (let write = 0; write < liveWrites; write += 1) {
    const { data: item } = await requestJson(`${origin}/api/items`, {
      method: 'POST',
      token,
      body: { name: `Live ${write}` },
    });
    const answeredAt = performance.now();
    const deliveredAt = (stream) => stream.arrivals.find(([, data]) => data.includes(item.id))?.[0];
    await waitUntil(() => streams.every((stream) => deliveredAt(stream) !== undefined), 10_000);
    // A stream may hear of the write before its own response arrives: that counts as no wait at all.
    for (const stream of streams) latencies.push(Math.max(0, deliveredAt(stream) - answeredAt));
  }
  await Promise.all(streams.map((stream) => stream.close()));
  return {
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(maximum(latencies)),
  };
}

const database = await createBenchDatabase('bench_api');
const collector = isTracing ? await startOtlpReceiver() : undefined;
const product = await startProduct({
  DATABASE_URL: database.url,
  // Off means off even when the shell exports an endpoint; the SDK's other OTEL_* variables (a sampler)
  // pass through.
  OTEL_EXPORTER_OTLP_ENDPOINT: collector ? collector.endpoint : '',
});
const stops = [product.stop, database.drop, ...(collector ? [collector.stop] : [])];
try {
  const { identity, token } = await newSignedInUser(product.origin);
  for (let index = 0; index < listLength; index += 1) {
    await requestJson(`${product.origin}/api/items`, {
      method: 'POST',
      token,
      body: { name: `Item ${index}` },
    });
  }

  const bareApi = await startBareApi(path.join(here, 'bare-items-server.mjs'), identity, database.url);
  stops.unshift(bareApi.stop);
  const bareList = await requestJson(`${bareApi.origin}/`, { token });
  const productList = await requestJson(`${product.origin}/api/items`, { token });
  if (JSON.stringify(bareList) !== JSON.stringify(productList)) {
    throw new Error('the bare server and the product answer different lists');
  }

  const {
    product: productApi,
    baseline: baselineApi,
    ratio,
  } = await compareThroughput(`${product.origin}/api/items`, `${bareApi.origin}/`, token);
  const live = await liveLatency(product.origin, token);

  console.log(
    `\nAuthenticated GET of a ${listLength}-item list, ${connections} connections, ${durationSeconds} s, ` +
      `median of ${throughputRounds} alternating rounds, PostgreSQL, tracing ${isTracing ? 'on' : 'off'}`,
  );
  console.table({
    'product GET /api/items': productApi,
    'bare node:http: jose verify + pg query': baselineApi,
  });
  console.log(`product / baseline: ${round(ratio, 2)}× req/s (median of the rounds' ratios; target ≥ 0.9×)`);
  if (typeof productApi.cpuMsPerRequest === 'number' && typeof baselineApi.cpuMsPerRequest === 'number') {
    console.log(
      `baseline / product CPU per request: ${round(baselineApi.cpuMsPerRequest / productApi.cpuMsPerRequest, 2)}× ` +
        '(the req/s ratio when each server has a core of its own to saturate)',
    );
  }
  console.log(
    `\nLive list: ${liveWrites} sequential creates, each delivered to ${streamCount} open streams (ms from the write's response)`,
  );
  console.table({ 'GET /api/items/stream': live });
  console.log('target: p99 ≤ 50 ms');

  if (collector) console.log(`\nTrace exports received by the collector: ${collector.posts()}`);
  console.log('\nRound trips to PostgreSQL per request (counted by a proxy in front of it)');
  console.table(await roundTripsPerRequest(database.url));
} finally {
  for (const stop of stops) await stop().catch((error) => console.error(error));
}
