// `npm run bench:faults`: writes at a steady rate through the load balancer of a three-instance cluster
// (cluster/start-cluster.ts) while (a) an instance is killed (SIGKILL) and (b) PostgreSQL is restarted.
// Prints what clients saw; asserts nothing. Restarts this machine's PostgreSQL: run it on a machine
// where that is acceptable.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { itemStreamEvents } from '@launchkit/api-contract/item-stream';
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import { type Cluster, startCluster } from '../../cluster/start-cluster.ts';

const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const phaseSeconds = Number(process.env.BENCH_PHASE_SECONDS ?? 12);

type Outcome = { at: number; ok: boolean; status: number; name: string };

/** Writes at a fixed rate until stopped; every answer is recorded with its time. */
function startWriter(cluster: Cluster, accessToken: string, label: string) {
  const outcomes: Outcome[] = [];
  let sequence = 0;
  const timer = setInterval(() => {
    const name = `${label} ${sequence++}`;
    const at = Date.now();
    fetch(`${cluster.plainOrigin}/api/items`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => outcomes.push({ at, ok: response.status === 201, status: response.status, name }))
      .catch(() => outcomes.push({ at, ok: false, status: 0, name }));
  }, 1000 / writesPerSecond);
  return {
    outcomes,
    async stop() {
      clearInterval(timer);
      await new Promise((resolve) => setTimeout(resolve, 11_000)); // let the last answers arrive
    },
  };
}

async function storedNames(cluster: Cluster, accessToken: string): Promise<Set<string>> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await fetch(`${cluster.plainOrigin}/api/items`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    }).catch(() => undefined);
    if (response?.ok) {
      const body = (await response.json()) as { data: { name: string }[] };
      return new Set(body.data.map((item) => item.name));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the list could not be read after the fault');
}

/** The latest list a live stream through the balancer delivered, reconnecting as the browser does. */
function followList(cluster: Cluster, accessToken: string) {
  let latest: { name: string }[] = [];
  const controller = new AbortController();
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(`${cluster.plainOrigin}/api/items/stream`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          signal: controller.signal,
        });
        if (!response.body) throw new Error('no body');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const parser = createEventParser((event) => {
          if (event.type === itemStreamEvents.items) latest = JSON.parse(event.data);
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.push(value);
        }
      } catch {
        // reconnect below, as the web client does
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  void run();
  return { latest: () => latest, stop: () => controller.abort() };
}

function summarize(title: string, outcomes: Outcome[], lost: number, extra: Record<string, string>) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const statuses = new Map<number, number>();
  for (const outcome of failed) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
  console.log(`\n${title}`);
  console.log(`  writes sent                ${outcomes.length}`);
  console.log(`  acknowledged (201)         ${outcomes.length - failed.length}`);
  console.log(
    `  refused or failed          ${failed.length}${failed.length ? ` (${[...statuses].map(([status, count]) => `${status || 'network'}: ${count}`).join(', ')})` : ''}`,
  );
  console.log(`  acknowledged writes lost   ${lost}   (target 0)`);
  for (const [label, value] of Object.entries(extra)) console.log(`  ${label.padEnd(27)}${value}`);
}

async function waitUntilConverged(list: () => { name: string }[], expected: number, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (list().length === expected)
      return `${((Date.now() - started) / 1000).toFixed(1)} s after the writes stopped`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `not within ${timeoutMs / 1000} s (stream shows ${list().length} of ${expected})`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One phase: a new person writes at the steady rate and follows their live list, and `fault` strikes a
 * third of the way in. What `fault` returns comes back with every write's outcome, how many
 * acknowledged writes the list lacks afterwards, and when the live list caught up.
 */
async function writesAround<T>(cluster: Cluster, label: string, fault: () => Promise<T>) {
  const { accessToken } = await cluster.newUser(label);
  const stream = followList(cluster, accessToken);
  const writer = startWriter(cluster, accessToken, label);
  await sleep((phaseSeconds * 1000) / 3);
  const faulted = await fault();
  await sleep((phaseSeconds * 2000) / 3);
  await writer.stop();
  const stored = await storedNames(cluster, accessToken);
  const acknowledged = writer.outcomes.filter((outcome) => outcome.ok);
  const lost = acknowledged.filter((outcome) => !stored.has(outcome.name)).length;
  const converged = await waitUntilConverged(stream.latest, stored.size);
  stream.stop();
  return { outcomes: writer.outcomes, lost, converged, faulted };
}

async function instanceKill(cluster: Cluster) {
  const kill = async () => {
    const at = Date.now();
    await cluster.instances[0]?.stop('SIGKILL');
    return at;
  };
  const { outcomes, lost, converged, faulted: killedAt } = await writesAround(cluster, 'kill', kill);
  const failuresAfterKill = outcomes.filter((outcome) => !outcome.ok && outcome.at >= killedAt);
  const lastFailure = Math.max(0, ...failuresAfterKill.map((outcome) => outcome.at - killedAt));
  summarize('(a) one instance of three killed (SIGKILL) during writes', outcomes, lost, {
    'errors after the kill': `${failuresAfterKill.length}, the last ${(lastFailure / 1000).toFixed(1)} s after it`,
    'live list converged': converged,
  });
}

/** Restarts this machine's PostgreSQL; when it went down, came back, and each live instance was ready again. */
async function restartDatabase(cluster: Cluster) {
  const version = readdirSync('/etc/postgresql')[0] ?? '15';
  const restartStarted = Date.now();
  // Asynchronously: the writer keeps its pace while PostgreSQL is down.
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
  const databaseBackAt = Date.now();
  const alive = cluster.instances.filter((instance) => instance.process.exitCode === null);
  const readyAgain = await Promise.all(
    alive.map(async (instance) => {
      for (;;) {
        const response = await fetch(`${instance.origin}/readyz`).catch(() => undefined);
        if (response?.ok) return Date.now();
        await sleep(100);
      }
    }),
  );
  return { restartStarted, databaseBackAt, readyAgain };
}

async function databaseRestart(cluster: Cluster) {
  const { outcomes, lost, converged, faulted } = await writesAround(cluster, 'restart', () =>
    restartDatabase(cluster),
  );
  const { restartStarted, databaseBackAt, readyAgain } = faulted;
  const duringOutage = outcomes.filter((outcome) => !outcome.ok && outcome.at >= restartStarted);
  summarize('(b) PostgreSQL restarted (pg_ctlcluster restart) during writes', outcomes, lost, {
    'PostgreSQL down for': `${((databaseBackAt - restartStarted) / 1000).toFixed(1)} s`,
    'errors from the restart on': String(duringOutage.length),
    'every instance ready again': `${((Math.max(...readyAgain) - databaseBackAt) / 1000).toFixed(1)} s after PostgreSQL was back (target ≤ 5 s)`,
    'live list converged': converged,
  });
}

const cluster = await startCluster({
  appEnv: { WRITE_RATE_LIMIT_MAX: '1000000', ITEMS_PER_USER_MAX: '100000', LOG_LEVEL: 'error' },
});
try {
  console.log(
    `Cluster: HAProxy + ${cluster.instances.length} instances (production mode), PostgreSQL, Redis. ` +
      `${writesPerSecond} writes/s, ${phaseSeconds} s per phase.`,
  );
  await databaseRestart(cluster);
  await instanceKill(cluster);
} finally {
  await cluster.stop();
}
