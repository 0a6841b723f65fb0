// `npm run bench:jobs`: jobs per second through the product's queue (pg-boss), on PGlite in one process
// and on PostgreSQL with three worker instances (processes); each job records its id under a unique key,
// so a job run twice would show as a failure. `BENCH_SEND=transaction`: each job is sent as the product
// sends one, in the transaction of a change (a row inserted, then the job), and the transaction's time is
// reported (p50, p95). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/database.ts';
import type { JobQueue } from '../../apps/api/src/jobs/job-queue.ts';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { benchKind, doneCount, prepareBenchTable, startBenchQueue } from './bench-queue.ts';

const jobCount = Number(process.env.BENCH_JOBS ?? 2000);
const instances = 3;
const inTransaction = process.env.BENCH_SEND === 'transaction';

type Figures = {
  sendPerSecond: number;
  runPerSecond: number;
  done: number;
  ranTwice: number;
  sendP50Ms: number;
  sendP95Ms: number;
};

/** One job sent as the product sends it: alone, or (BENCH_SEND=transaction) with a change, in its transaction. */
function sender(database: DatabaseHandle, jobs: JobQueue) {
  return async (n: number) => {
    if (!inTransaction) return jobs.send(benchKind, { n });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_causes (n) values (${n})`);
      await jobs.send(benchKind, { n }, { tx });
    });
  };
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends the jobs, one call each as the product does, then waits until every one has run. */
async function measure(
  send: (n: number) => Promise<void>,
  done: () => Promise<number>,
): Promise<Omit<Figures, 'ranTwice'>> {
  const started = performance.now();
  const sendMs: number[] = [];
  for (let n = 0; n < jobCount; n += 1) {
    const before = performance.now();
    await send(n);
    sendMs.push(performance.now() - before);
  }
  const sent = performance.now();
  await waitUntil(async () => (await done()) >= jobCount, 300_000);
  const finished = performance.now();
  return {
    sendPerSecond: Math.round(jobCount / ((sent - started) / 1000)),
    runPerSecond: Math.round(jobCount / ((finished - started) / 1000)),
    done: await done(),
    sendP50Ms: round(percentile(sendMs, 50), 2),
    sendP95Ms: round(percentile(sendMs, 95), 2),
  };
}

async function onPglite(): Promise<Figures> {
  const database = await openDatabase({ kind: 'pglite', dir: null });
  await prepareBenchTable(database);
  const jobs = await startBenchQueue(database, { work: true, worker: 'pglite' });
  try {
    const figures = await measure(sender(database, jobs), () => doneCount(database));
    const failed = (await jobs.boss.getQueues(['bench']))[0]?.failedCount ?? 0;
    return { ...figures, ranTwice: failed };
  } finally {
    await jobs.stop();
    await database.close();
  }
}

async function onPostgres(): Promise<Figures> {
  const bench = await createBenchDatabase('bench_jobs');
  const database = await openDatabase({ kind: 'postgres', url: bench.url });
  await prepareBenchTable(database);
  const producer = await startBenchQueue(database, { work: false, worker: 'producer' });
  const workerFile = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const workers = await Promise.all(
    Array.from({ length: instances }, async () => {
      const child = spawn(process.execPath, [workerFile], {
        env: { ...process.env, DATABASE_URL: bench.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('"ready"') && resolve());
        child.once('exit', (code) => reject(new Error(`a worker exited with ${code}`)));
      });
      return child;
    }),
  );
  try {
    const figures = await measure(sender(database, producer), () => doneCount(database));
    // Failed runs (a second run's insert refused by the key) would be in the queue's failed count.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as failed from jobs.job where name = 'bench' and state = 'failed'`,
    )) as unknown as { rows: { failed: number }[] };
    return { ...figures, ranTwice: rows[0]?.failed ?? 0 };
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
    await producer.stop();
    await database.close();
    await bench.drop();
  }
}

const pglite = await onPglite();
const postgres = await onPostgres();
console.log(
  `\n${jobCount} jobs, each sent by its own call${inTransaction ? ' in the transaction of a row inserted' : ''}, each run inserting one row (concurrency 8 per instance)`,
);
console.table({
  'PGlite, 1 instance': pglite,
  [`PostgreSQL, ${instances} instances`]: postgres,
});
console.log('ranTwice: runs refused because the job had already run (goal: 0)');
