// `npm run bench:soak`: the three-instance cluster (cluster/start-cluster.ts) under a steady load at half
// its measured peak, through the load balancer, for BENCH_SOAK_SECONDS (default 600). Prints per
// minute: requests, errors, p99, and each instance's memory and open handles. Asserts nothing.
import autocannon from 'autocannon';
import { type Cluster, startCluster } from '../../cluster/start-cluster.ts';

const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const windowSeconds = Math.min(60, soakSeconds);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

type Load = { accessToken: string };

/** List reads, as open dashboards make them, at `overallRate` (or as fast as possible). */
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
        handles: read('nodejs_active_handles_total'),
      };
    }),
  );
}

const cluster = await startCluster({
  appEnv: { WRITE_RATE_LIMIT_MAX: '1000000', ITEMS_PER_USER_MAX: '1000000', LOG_LEVEL: 'error' },
});
try {
  const { accessToken } = await cluster.newUser('soak');
  const load: Load = { accessToken };

  const peak = await run(cluster, load, 15);
  const peakRate = peak.requests.average;
  const rate = Math.max(1, Math.round(peakRate / 2));
  console.log(
    `Peak through the balancer: ${Math.round(peakRate)} req/s (p99 ${peak.latency.p99} ms, ${connections} connections). ` +
      `Soak at ${rate} req/s for ${soakSeconds} s.`,
  );
  let start = await instanceFigures(cluster);
  console.log(
    '\nminute  requests  errors  non-2xx  p50 ms  p99 ms  ' +
      start.map((each) => `${each.name} RSS MB/handles`).join('  '),
  );
  let totalErrors = 0;
  const writes = startWrites(cluster, load);
  for (let minute = 1; minute * windowSeconds <= soakSeconds; minute += 1) {
    const result = await run(cluster, load, windowSeconds, rate);
    const figures = await instanceFigures(cluster);
    totalErrors += result.errors + result.non2xx;
    const refused = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
    if (refused.length > 0)
      console.log(
        `        non-2xx by status: ${refused.map(([code, stat]) => `${code}: ${stat.count}`).join(', ')}`,
      );
    // Growth is measured from the end of the first minute: the first one warms caches and pools.
    if (minute === 1) start = figures;
    console.log(
      `${String(minute).padStart(6)}  ${String(result.requests.total).padStart(8)}  ${String(result.errors).padStart(6)}  ${String(result.non2xx).padStart(7)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ` +
        figures.map((each) => `${each.rssMb.toFixed(0).padStart(10)} / ${each.handles}`).join('  '),
    );
  }
  writes.stop();
  const end = await instanceFigures(cluster);
  console.log(`\nReads: errors and non-2xx in all: ${totalErrors} (target 0)`);
  console.log(`Writes: ${writes.sent} sent at 2/s, ${writes.failed} not answered 201 (target 0)`);
  for (const [index, before] of start.entries()) {
    const after = end[index];
    if (!after) continue;
    const growth = ((after.rssMb - before.rssMb) / before.rssMb) * 100;
    console.log(
      `${before.name}: RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %, target < 10 %), handles ${before.handles} → ${after.handles}`,
    );
  }
} finally {
  await cluster.stop();
}
