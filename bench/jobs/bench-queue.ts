// The job queue as the benchmark runs it: the product's own (apps/api/src/jobs/job-queue.ts) with one
// kind whose handler records each job's id in a table with the id as its key, so a job run twice is a
// failed insert, counted. Used in-process (PGlite) and by each worker process (worker.ts, PostgreSQL).
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { DatabaseHandle } from '../../apps/api/src/db/database.ts';
import { createJobQueue, type JobKind } from '../../apps/api/src/jobs/job-queue.ts';
import { createMetrics } from '../../apps/api/src/operations/metrics.ts';

export const benchKind: JobKind<{ n: number }> = {
  name: 'bench',
  retry: { retryLimit: 0, retryDelay: 1, retryDelayMax: 1 },
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
  concurrency: 8,
};

export async function prepareBenchTable(database: DatabaseHandle) {
  await database.db.execute(sql`create table if not exists bench_jobs (n integer primary key, worker text)`);
  await database.db.execute(sql`truncate bench_jobs`);
  await database.db.execute(sql`create table if not exists bench_causes (n integer primary key)`);
  await database.db.execute(sql`truncate bench_causes`);
}

/** A queue that sends bench jobs and, with `work`, runs them (recording them as `worker`). */
export async function startBenchQueue(database: DatabaseHandle, options: { work: boolean; worker: string }) {
  const jobs = createJobQueue({ database, log: pino({ level: 'error' }), metrics: createMetrics() });
  jobs.handle(benchKind, async ({ n }) => {
    await database.db.execute(sql`insert into bench_jobs (n, worker) values (${n}, ${options.worker})`);
  });
  await jobs.start({ work: options.work });
  return jobs;
}

export async function doneCount(database: DatabaseHandle): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as done from bench_jobs`,
  )) as unknown as {
    rows: { done: number }[];
  };
  return result.rows[0]?.done ?? 0;
}
