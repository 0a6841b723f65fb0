// `npm run bench:soak`: the three-instance cluster (cluster/start-cluster.ts) under a steady load at half
// its measured peak, through the load balancer, for BENCH_SOAK_SECONDS (default 600). Prints per
// minute: requests, errors, p99, and each instance's memory and open handles. Asserts nothing.
//
// Memory is sampled every few seconds. A single reading says more about when the collector last ran
// than about a leak. So each minute has a floor (its lowest reading), and growth compares the median
// floor of the soak's last third with that of its first third, after a warm-up minute: a leak raises
// the floor, one collection that briefly shrinks the heap does not. Two floors are compared: the
// JavaScript heap in use (what a leak of objects raises, the target) and RSS (what the operator
// provisions). RSS also moves with V8's sizing of its young generation and with when freed pages go
// back to the system: on Node 26 it swings by 100 MB within a minute while the heap in use stays flat.
import autocannon from 'autocannon';
import { type Cluster, startCluster } from '../../cluster/start-cluster.ts';

const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const windowSeconds = Math.min(60, soakSeconds);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const sampleEveryMs = 5_000;
const readerItems = 20;

type Load = { accessToken: string };

/** Reads of a list of 20 items, as open dashboards make them, at `overallRate` (or as fast as possible). */
function run(cluster: Cluster, load: Load, seconds: number, overallRate?: number) {
  return autocannon({
    url: `${cluster.plainOrigin}/api/items`,
    connections,
    duration: seconds,
    ...(overallRate && { overallRate }),
    headers: { authorization: `Bearer ${load.accessToken}` },
  });
}

/** Beside the reads, a steady trickle of writes (2 a second), each answered 201 or counted. */
function startWrites(cluster: Cluster, load: Load) {
  let sequence = 0;
  let failed = 0;
  const timer = setInterval(() => {
    sequence += 1;
    fetch(`${cluster.plainOrigin}/api/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${load.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `soak ${sequence}` }),
    })
      .then((response) => {
        if (response.status !== 201) failed += 1;
      })
      .catch(() => {
        failed += 1;
      });
  }, 500);
  return {
    stop: () => clearInterval(timer),
    get sent() {
      return sequence;
    },
    get failed() {
      return failed;
    },
  };
}

async function instanceFigures(cluster: Cluster) {
  return Promise.all(
    cluster.instances.map(async (instance) => {
      const text = await (await fetch(`${instance.origin}/metrics`)).text();
      const read = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      return {
        name: instance.name,
        rssMb: read('process_resident_memory_bytes') / 1024 / 1024,
        heapMb: read('nodejs_heap_size_used_bytes') / 1024 / 1024,
        handles: read('nodejs_active_handles_total'),
      };
    }),
  );
}

const cluster = await startCluster({
  appEnv: { WRITE_RATE_LIMIT_MAX: '1000000', ITEMS_PER_USER_MAX: '1000000', LOG_LEVEL: 'error' },
});
try {
  // The reader's list stays the size of a working dashboard's; the writes go to a second person, so
  // the reads cost the same in the last minute as in the first.
  const reader: Load = { accessToken: (await cluster.newUser('soak-reader')).accessToken };
  const writer: Load = { accessToken: (await cluster.newUser('soak-writer')).accessToken };
  for (let index = 1; index <= readerItems; index += 1) {
    const response = await fetch(`${cluster.plainOrigin}/api/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `item ${index}` }),
    });
    if (response.status !== 201) throw new Error(`seeding the reader's list answered ${response.status}`);
  }
  const load = reader;

  const peak = await run(cluster, load, 15);
  const peakRate = peak.requests.average;
  const rate = Math.max(1, Math.round(peakRate / 2));
  console.log(
    `Peak through the balancer: ${Math.round(peakRate)} req/s (p99 ${peak.latency.p99} ms, ${connections} connections). ` +
      `Soak at ${rate} req/s for ${soakSeconds} s.`,
  );
  const names = (await instanceFigures(cluster)).map((each) => each.name);
  console.log(
    '\nminute  requests  errors  non-2xx  p50 ms  p99 ms  ' +
      names.map((name) => `${name} RSS MB min-max/heap floor/handles`).join('  '),
  );
  let totalErrors = 0;
  // Per minute, per instance: the memory readings of that minute.
  type Reading = { rssMb: number; heapMb: number };
  const readingsByMinute: Reading[][][] = [];
  const writes = startWrites(cluster, writer);
  for (let minute = 1; minute * windowSeconds <= soakSeconds; minute += 1) {
    const readings: Reading[][] = names.map(() => []);
    const record = (figures: Reading[]) => {
      for (const [index, each] of figures.entries()) readings[index]?.push(each);
    };
    const sampler = setInterval(() => {
      instanceFigures(cluster)
        .then(record)
        .catch(() => {});
    }, sampleEveryMs);
    const result = await run(cluster, load, windowSeconds, rate);
    clearInterval(sampler);
    const figures = await instanceFigures(cluster);
    record(figures);
    readingsByMinute.push(readings);
    totalErrors += result.errors + result.non2xx;
    const refused = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
    if (refused.length > 0)
      console.log(
        `        non-2xx by status: ${refused.map(([code, stat]) => `${code}: ${stat.count}`).join(', ')}`,
      );
    console.log(
      `${String(minute).padStart(6)}  ${String(result.requests.total).padStart(8)}  ${String(result.errors).padStart(6)}  ${String(result.non2xx).padStart(7)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ` +
        figures
          .map((each, index) => {
            const rss = (readings[index] ?? []).map((reading) => reading.rssMb);
            const heapFloor = Math.min(...(readings[index] ?? []).map((reading) => reading.heapMb));
            const range = `${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)}`;
            return `${range.padStart(14)} / ${heapFloor.toFixed(0).padStart(3)} / ${each.handles}`;
          })
          .join('  '),
    );
  }
  writes.stop();
  const end = await instanceFigures(cluster);
  console.log(`\nReads: errors and non-2xx in all: ${totalErrors} (target 0)`);
  console.log(`Writes: ${writes.sent} sent at 2/s, ${writes.failed} not answered 201 (target 0)`);
  // The first minute warms caches and pools; of the rest, the first and the last third are compared.
  const measured = readingsByMinute.slice(1);
  const third = Math.max(1, Math.floor(measured.length / 3));
  const floorOf = (minutes: Reading[][][], index: number, figure: keyof Reading) => {
    const floors = minutes
      .map((each) => Math.min(...(each[index] ?? []).map((reading) => reading[figure])))
      .sort((a, b) => a - b);
    return floors[Math.floor(floors.length / 2)] ?? Number.NaN;
  };
  const growth = (index: number, figure: keyof Reading) => {
    const before = floorOf(measured.slice(0, third), index, figure);
    const after = floorOf(measured.slice(-third), index, figure);
    const percent = ((after - before) / before) * 100;
    return `${before.toFixed(0)} → ${after.toFixed(0)} MB (${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %)`;
  };
  for (const [index, name] of names.entries()) {
    console.log(
      `${name}: heap in use, median floor ${growth(index, 'heapMb')}, target < 10 %; RSS ${growth(index, 'rssMb')}; handles at the end ${end[index]?.handles}`,
    );
  }
} finally {
  await cluster.stop();
}
