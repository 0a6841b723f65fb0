// `npm run bench:capacity`: how many live item lists one instance carries. One product instance on
// PostgreSQL; signed-in people (BENCH_PEOPLE, 100) open streams to their own workspaces, each stream
// authenticated as the product does, up to each step (BENCH_STEPS, default 1,000, 5,000 and 10,000
// streams); at each step, writes arrive at a steady rate and every write's delivery to its workspace's
// streams is timed. Then the other shape: one workspace watched by BENCH_ONE_WORKSPACE_STREAMS (1,000)
// streams, every write fanned out to all of them. Prints figures; asserts nothing. The per-user stream cap is raised to spread the
// streams over BENCH_PEOPLE people: each sign-up and sign-in costs the identity emulator a scrypt hash
// (about half a second of CPU), so 1,000 people would take minutes before the first stream. The client
// is one Node process on the same machine: its own work is part of the figures.
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { cpuSeconds, pidListeningOn } from '../api/process-cpu.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { maximum, percentile, round } from '../lib/stats.mjs';
import { residentMebibytes } from './process-memory.mjs';

const steps = (process.env.BENCH_STEPS ?? '1000,5000,10000').split(',').map(Number);
const peopleCount = Number(process.env.BENCH_PEOPLE ?? 100);
const streamsPerPerson = Math.ceil(Math.max(...steps) / peopleCount);
const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const writeSeconds = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
const oneWorkspaceStreams = Number(process.env.BENCH_ONE_WORKSPACE_STREAMS ?? 1000);
// A busy team's pace: every write sends the whole list to every stream of the workspace.
const oneWorkspaceWritesPerSecond = Number(process.env.BENCH_ONE_WORKSPACE_WRITES_PER_SECOND ?? 2);
const openConcurrency = 100;

// prom-client's event-loop monitor ticks every 10 ms (its default precision, which the product keeps)
// and records the whole interval between ticks: the delay is what exceeds the tick.
const monitorTickMs = 10;

/** The server's own figures from `/metrics`, which a loopback caller may read. */
async function serverMetrics(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const lagBuckets = [...text.matchAll(/^app_live_delivery_lag_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)].map(
    ([, le, count]) => ({ le: Number(le), count: Number(count) }),
  );
  // prom-client's event-loop monitor restarts its histogram at every scrape: p99 since the last one.
  const loopSeconds = text.match(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m)?.[1];
  return {
    lagBuckets,
    eventLoopDelay:
      loopSeconds === undefined ? undefined : Math.max(0, Number(loopSeconds) * 1000 - monitorTickMs),
  };
}

/**
 * The p99 of the server's delivery lag (a change announced to the instance → its list written to every
 * stream) between two scrapes, as the upper bound of its histogram bucket, in ms.
 */
function serverLagP99(before, after) {
  const total = after.at(-1)?.count - (before.at(-1)?.count ?? 0);
  if (!total) return undefined;
  const bucket = after.find((each, index) => each.count - (before[index]?.count ?? 0) >= 0.99 * total);
  return bucket && bucket.le * 1000;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inBatches(items, concurrency, work) {
  const results = [];
  for (let start = 0; start < items.length; start += concurrency) {
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map(work))));
  }
  return results;
}

/** A live list read as the web app reads it; `arrivals` maps an item id to when it first arrived. */
async function openStream(origin, person, failures) {
  const response = await fetch(`${origin}/api/items/stream`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  if (!response.ok) throw new Error(`the stream answered ${response.status}`);
  const stream = { arrivals: new Map(), lists: 0 };
  const parser = createEventParser((event) => {
    const now = performance.now();
    if (event.type === 'closed') failures.closed += 1;
    if (event.type !== 'items') return;
    stream.lists += 1;
    // Newest first: what is new is at the head, down to the first item this stream has seen.
    for (const match of event.data.matchAll(/"id":"([^"]+)"/g)) {
      if (stream.arrivals.has(match[1])) break;
      stream.arrivals.set(match[1], now);
    }
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.done = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      parser.push(value);
    }
  })();
  stream.close = () => reader.cancel().then(() => stream.done);
  return stream;
}

async function waitUntil(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** Writes at a steady rate for `writeSeconds`; each write's delivery to its person's streams, in ms. */
async function steadyWrites(origin, people, serverPid, failures, rate) {
  const latencies = [];
  const probes = [];
  const metricsBefore = await serverMetrics(origin);
  const cpuBefore = cpuSeconds(serverPid);
  const started = performance.now();
  const pending = [];
  const probeTimer = setInterval(() => {
    const sent = performance.now();
    pending.push(
      fetch(`${origin}/healthz`).then(
        () => probes.push(performance.now() - sent),
        () => (failures.probes += 1),
      ),
    );
  }, 100);
  for (let write = 0; write < rate * writeSeconds; write += 1) {
    const due = started + (write * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const person = people[write % people.length];
    pending.push(
      requestJson(`${origin}/api/items`, {
        method: 'POST',
        token: person.token,
        body: { name: `Capacity ${write}` },
      }).then(
        async ({ data: item }) => {
          const answeredAt = performance.now();
          const delivered = await waitUntil(
            () => person.streams.every((stream) => stream.arrivals.has(item.id)),
            10_000,
          );
          if (!delivered) failures.undelivered += 1;
          for (const stream of person.streams) {
            const at = stream.arrivals.get(item.id);
            if (at !== undefined) latencies.push(Math.max(0, at - answeredAt));
          }
        },
        () => (failures.writes += 1),
      ),
    );
  }
  clearInterval(probeTimer);
  await Promise.all(pending);
  const cpuAfter = cpuSeconds(serverPid);
  const seconds = (performance.now() - started) / 1000;
  return {
    latencies,
    probes,
    ...(await serverMetrics(origin).then(({ lagBuckets, eventLoopDelay }) => ({
      eventLoopDelay,
      serverLag: serverLagP99(metricsBefore.lagBuckets, lagBuckets),
    }))),
    cpuPercent:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) / seconds) * 100,
  };
}

const database = await createBenchDatabase('bench_capacity');
const product = await startProduct({
  DATABASE_URL: database.url,
  // One client address opens every stream, and signs everyone up.
  STREAMS_PER_ADDRESS_MAX: String(Math.max(...steps, oneWorkspaceStreams) + 100),
  STREAMS_PER_USER_MAX: String(Math.max(streamsPerPerson, oneWorkspaceStreams)),
  WRITE_RATE_LIMIT_MAX: '100000',
  IDENTITY_RATE_LIMITS: 'off',
});
const stops = [product.stop, database.drop];
const failures = { closed: 0, writes: 0, undelivered: 0, probes: 0, opens: 0 };
const errorCount = () => Object.values(failures).reduce((sum, count) => sum + count, 0);
const rows = {};
try {
  const serverPid = pidListeningOn(Number(new URL(product.origin).port));
  console.log(`Signing up ${peopleCount} people…`);
  const people = await inBatches(Array.from({ length: peopleCount }), 10, async (_, index) => {
    const person = await newSignedInUser(product.origin, `capacity${index}`);
    await requestJson(`${product.origin}/api/items`, { token: person.token }); // their user record
    return { ...person, streams: [] };
  });
  const rssIdle = residentMebibytes(serverPid);

  /** Opens a stream for each entry of `owners` (a person may come many times), and waits for their lists. */
  async function openStreams(owners) {
    await inBatches(owners, openConcurrency, async (person) => {
      try {
        person.streams.push(await openStream(product.origin, person, failures));
      } catch {
        failures.opens += 1;
      }
    });
    const everyoneListed = await waitUntil(
      () => owners.every((person) => person.streams.every((stream) => stream.lists > 0)),
      60_000,
    );
    if (!everyoneListed) failures.opens += 1;
  }

  /** Writes at `rate` a second to the workspaces of `active` and adds the step's row. */
  async function measure(label, active, streamCount, rate) {
    const errorsBefore = errorCount();
    const { latencies, probes, cpuPercent, eventLoopDelay, serverLag } = await steadyWrites(
      product.origin,
      active,
      serverPid,
      failures,
      rate,
    );
    const rss = residentMebibytes(serverPid);
    rows[label] = {
      'delivery p50 ms': round(percentile(latencies, 50)),
      'delivery p99 ms': round(percentile(latencies, 99)),
      'delivery max ms': round(maximum(latencies)),
      // Server side, before the client reads: a bucket's upper bound (1, 5, 10, 25, 50, 100 ms…).
      'server write-out p99 ≤ ms': serverLag ?? '–',
      'event-loop delay p99 ms': eventLoopDelay === undefined ? '–' : round(eventLoopDelay),
      'healthz p99 ms': round(percentile(probes, 99)),
      'server CPU %': cpuPercent === undefined ? '–' : round(cpuPercent),
      'RSS MiB': rss === undefined ? '–' : round(rss),
      // What the streams added to the idle server's memory, per stream.
      'RSS per stream KiB':
        rss === undefined || rssIdle === undefined ? '–' : round(((rss - rssIdle) * 1024) / streamCount, 1),
      errors: errorCount() - errorsBefore,
    };
  }

  let open = 0;
  for (const target of steps) {
    // Round-robin: at every step each person has about the same number of streams.
    const owners = [];
    for (let index = open; index < target; index += 1) owners.push(people[index % peopleCount]);
    console.log(`Opening streams ${open + 1}–${target}…`);
    await openStreams(owners);
    open = target;
    await measure(
      `${target} streams`,
      people.filter((person) => person.streams.length > 0),
      target,
      writesPerSecond,
    );
  }
  await Promise.all(people.flatMap((person) => person.streams.splice(0).map((stream) => stream.close())));

  if (oneWorkspaceStreams > 0) {
    // Every write lands in the one workspace whose list all the streams watch.
    console.log(`Opening ${oneWorkspaceStreams} streams to one workspace…`);
    const [watched] = people;
    await openStreams(Array.from({ length: oneWorkspaceStreams }, () => watched));
    await measure(
      `${oneWorkspaceStreams} streams, 1 workspace, ${oneWorkspaceWritesPerSecond} writes/s`,
      [watched],
      oneWorkspaceStreams,
      oneWorkspaceWritesPerSecond,
    );
    await Promise.all(watched.streams.splice(0).map((stream) => stream.close()));
  }

  console.log(
    `\nOne instance, PostgreSQL: ${peopleCount} people (workspaces), up to ${streamsPerPerson} streams each, ${writesPerSecond} writes/s (the last step ${oneWorkspaceWritesPerSecond}/s) for ${writeSeconds} s at each step; ` +
      "delivery is from a write's response to its list on each of its workspace's streams",
  );
  console.table(rows);
  console.log(`errors: ${JSON.stringify(failures)}`);
  console.log('goal on 2 cores: delivery p99 ≤ 25 ms at 1,000 streams and ≤ 100 ms at 10,000, no errors');
} finally {
  for (const stop of stops) await stop().catch((error) => console.error(error));
}
