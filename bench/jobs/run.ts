// `npm run bench:jobs`: jobs per second through the product's queue (pg-boss), on PGlite in one process
// and on PostgreSQL with three worker instances (processes); each job records its id under a unique key,
// so a job run twice would show as a failure. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { benchKind, doneCount, prepareBenchTable, startBenchQueue } from './bench-queue.ts';

const jobCount = Number(process.env.BENCH_JOBS ?? 2000);
const instances = 3;

type Figures = { sendPerSecond: number; runPerSecond: number; done: number; ranTwice: number };

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
  for (let n = 0; n < jobCount; n += 1) await send(n);
  const sent = performance.now();
  await waitUntil(async () => (await done()) >= jobCount, 300_000);
  const finished = performance.now();
  return {
    sendPerSecond: Math.round(jobCount / ((sent - started) / 1000)),
    runPerSecond: Math.round(jobCount / ((finished - started) / 1000)),
    done: await done(),
  };
}

async function onPglite(): Promise<Figures> {
  const database = await openDatabase({ kind: 'pglite', dir: null });
  await prepareBenchTable(database);
  const jobs = await startBenchQueue(database, { work: true, worker: 'pglite' });
  try {
    const figures = await measure(
      (n) => jobs.send(benchKind, { n }),
      () => doneCount(database),
    );
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
    const figures = await measure(
      (n) => producer.send(benchKind, { n }),
      () => doneCount(database),
    );
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
  `\n${jobCount} jobs, each sent by its own call, each run inserting one row (concurrency 8 per instance)`,
);
console.table({
  'PGlite, 1 instance': pglite,
  [`PostgreSQL, ${instances} instances`]: postgres,
});
console.log('ranTwice: runs refused because the job had already run (goal: 0)');
