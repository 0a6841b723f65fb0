import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { contactMessages } from '#api/db/schema.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { createJobQueue, deadLetterOf, type JobKind, type JobQueue } from './job-queue.ts';

/** Waits until `condition` holds, polling. */
const waitFor = (condition: () => boolean | Promise<boolean>, timeout: number) =>
  vi.waitFor(async () => expect(await condition()).toBe(true), { timeout, interval: 50 });

const kind = (name: string, retryLimit = 2): JobKind<{ n: number }> => ({
  name,
  retry: { retryLimit, retryDelay: 1, retryDelayMax: 1 },
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
  concurrency: 2,
});

// The queue on the product's database, PGlite by default and PostgreSQL in the PostgreSQL pass.
describe('the job queue', () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  const metrics = createMetrics();
  const runs: { queue: string; n: number; attempt: number }[] = [];
  const done = kind('test-done');
  const flaky = kind('test-flaky');
  const broken = kind('test-broken', 1);

  beforeAll(async () => {
    database = await openTestDatabase();
    queue = createJobQueue({ database, log: pino({ level: 'silent' }), metrics });
    queue.handle(done, async ({ n }, job) => {
      runs.push({ queue: done.name, n, attempt: job.attempt });
    });
    queue.handle(flaky, async ({ n }, job) => {
      runs.push({ queue: flaky.name, n, attempt: job.attempt });
      if (job.attempt < 2) throw new Error('not yet');
    });
    queue.handle(broken, async ({ n }, job) => {
      runs.push({ queue: broken.name, n, attempt: job.attempt });
      throw new Error('never');
    });
    await queue.start();
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  const runsOf = (name: string, n: number) => runs.filter((run) => run.queue === name && run.n === n);

  it('runs a job sent to it, once', async () => {
    await queue.send(done, { n: 1 });
    await waitFor(() => runsOf(done.name, 1).length === 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runsOf(done.name, 1)).toEqual([{ queue: done.name, n: 1, attempt: 1 }]);
  });

  it('sends a job inside a transaction only when it commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.insert(contactMessages).values({ email: 'a@example.com', message: 'rolled back' });
        await queue.send(done, { n: 2 }, { tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await queue.send(done, { n: 3 }, { tx });
    });
    await waitFor(() => runsOf(done.name, 3).length === 1, 10_000);
    expect(runsOf(done.name, 2)).toEqual([]);
  });

  it('tries a failed job again after a delay', async () => {
    await queue.send(flaky, { n: 4 });
    await waitFor(() => runsOf(flaky.name, 4).length === 2, 15_000);
    expect(runsOf(flaky.name, 4).map((run) => run.attempt)).toEqual([1, 2]);
  });

  it('moves a job that fails every try to its dead letters, and counts the failures', async () => {
    await queue.send(broken, { n: 5 });
    await waitFor(() => runsOf(broken.name, 5).length === 2, 15_000);
    await waitFor(async () => {
      const dead = await queue.boss.findJobs<{ n: number }>(deadLetterOf(broken.name));
      return dead.some((job) => job.data.n === 5);
    }, 10_000);
    const exposed = await metrics.registry.metrics();
    expect(exposed).toMatch(/app_job_failures_total\{queue="test-broken"\} 2/);
    expect(exposed).toMatch(/app_job_duration_seconds_count\{queue="test-done",result="done"\} \d/);
    // The counts are refreshed every 10 s.
    await waitFor(
      async () =>
        /app_job_queue_depth\{queue="test-broken.dead",state="ready"\} 1/.test(
          await metrics.registry.metrics(),
        ),
      25_000,
    );
  });

  it('refuses a job nobody handles', async () => {
    await expect(queue.send(kind('nobody'), { n: 6 })).rejects.toThrow(/nobody handles/);
  });
});
