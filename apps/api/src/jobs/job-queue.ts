import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Job, PgBoss, type QueueOptions } from 'pg-boss';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Database, DatabaseHandle } from '#api/db/database.ts';
import type { Metrics } from '#api/operations/metrics.ts';
import { currentTraceCarrier, inJobSpan, type TraceCarrier } from '#api/tracing/trace-context.ts';
import { listenAfterCommit } from './after-commit.ts';
import { type InsertJobs, jobOutboxChannel, moveToQueue, orderJob, sweepOutbox } from './job-outbox.ts';

/**
 * A kind of background work: its queue's name, how often and how long apart a failed run is tried
 * again, and how long one run may take before it counts as failed (its instance died, say) and runs
 * again. A job that fails every try moves to `<name>.dead`, where it stays for the operator.
 */
export type JobKind<Data> = {
  name: string;
  retry: Required<Pick<QueueOptions, 'retryLimit' | 'retryDelay' | 'retryDelayMax'>>;
  expireInSeconds: number;
  /**
   * A run proves its instance alive this often (pg-boss refreshes it while the handler runs); one that
   * misses it counts as lost and runs again, well before `expireInSeconds`. At least 10.
   */
  heartbeatSeconds?: number;
  /** How long a finished job stays (with its data) for inspection. */
  deleteAfterSeconds: number;
  /** Jobs of this kind one instance fetches and runs at once. */
  concurrency: number;
  /**
   * Fair between groups (SendOptions.group, a workspace): at most this many jobs of one group run at
   * once on an instance, so a group's backlog takes that many of its runners and leaves the others to
   * the next group's jobs, oldest first. Each of the instance's `concurrency` runners then fetches one
   * job at a time: a slow run holds up no other.
   */
  concurrencyPerGroup?: number;
  /** A kind that runs on its own: a cron expression (UTC), run by one instance each time. */
  cron?: string;
  /** Only for the type: a kind is declared with the data its jobs carry. */
  data?: Data;
};

/** Tried again twice, soon: for a kind that runs every minute anyway. */
export const everyMinuteRetry = { retryLimit: 2, retryDelay: 10, retryDelayMax: 30 };
/** Tried again three times over about an hour: for a kind that runs once a day. */
export const dailyRetry = { retryLimit: 3, retryDelay: 300, retryDelayMax: 3600 };

/** A kind that runs on its own (`cron`, UTC) on one instance at a time, and carries no data. */
export function scheduledJob(
  name: string,
  cron: string,
  limits: Pick<JobKind<never>, 'retry' | 'expireInSeconds' | 'deleteAfterSeconds'>,
): JobKind<Record<string, never>> {
  return { name, cron, concurrency: 1, ...limits };
}

/** The database or, inside a transaction, the transaction: a job sent in one commits with it. */
type Sender = Pick<Database, 'execute'>;

export type SendOptions = {
  /** The caller's open transaction: the job exists only if it commits. */
  tx?: Sender;
  /** Not before then. */
  startAfter?: Date;
  /** The job's id (a uuid): a job of this kind with that id already there is not added again. */
  id?: string;
  /** The group the job is fair to the others in (JobKind.concurrencyPerGroup): its workspace. */
  group?: string;
};

/** One job of a batch (sendMany). */
export type JobOrder<Data> = { id?: string; data: Data; group?: string; startAfter?: Date };

export type JobHandler<Data> = (data: Data, job: { id: string; attempt: number }) => Promise<void>;

type Registration = { kind: JobKind<unknown>; handler: JobHandler<unknown> };

const schema = 'jobs';
// Polled twice a second: a mail ordered by a request leaves within about half a second.
const pollingIntervalSeconds = 0.5;
const countsIntervalSeconds = 10;
// A job that failed every try waits this long in its dead letters for the operator (docs/jobs.md).
const deadLetterDays = 14;
// How long a stopping instance waits for the jobs it runs before it leaves them to expire and run again.
const drainTimeoutMs = 10_000;

/** pg-boss on the product's own database and pool. */
function newBoss(deps: { database: DatabaseHandle }) {
  return new PgBoss({
    db: deps.database.jobs,
    backend: deps.database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema,
    // Scheduling and maintenance run on every instance; pg-boss elects one per period by a lock.
    schedule: true,
    supervise: true,
    migrate: true,
    // The queues' counts (app_job_queue_depth) are at most this old; each pass is one count per queue.
    monitorIntervalSeconds: countsIntervalSeconds,
    superviseIntervalSeconds: countsIntervalSeconds,
    queueCacheIntervalSeconds: countsIntervalSeconds,
  });
}

/**
 * The queue's metrics: runs' durations and failures, and the queues' depths (read from pg-boss when
 * scraped, once the queue has started).
 */
function createJobMetrics(
  metrics: Metrics,
  boss: PgBoss,
  queues: { names(): string[]; isStarted(): boolean },
) {
  const registry = metrics.registry;
  const durations = new Histogram({
    name: 'app_job_duration_seconds',
    help: 'Time to run a job, by queue and result.',
    labelNames: ['queue', 'result'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'app_job_failures_total',
    help: 'Job runs that failed (each is tried again until its retries are spent, then dead-lettered).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'app_job_queue_depth',
    help: 'Jobs by queue and state (ready: waiting to run; deferred: scheduled or backing off; failed: spent).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      if (!queues.isStarted()) return;
      const names = queues.names().flatMap((name) => [name, deadLetterOf(name)]);
      for (const queue of await boss.getQueues(names)) {
        this.set({ queue: queue.name, state: 'ready' }, queue.readyCount);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferredCount);
        this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
        this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
      }
    },
  });
  return { durations, failures };
}

type JobMetrics = ReturnType<typeof createJobMetrics>;

/** Runs one job; answers whether it succeeded (a failure is counted, logged and tried again). */
async function runJob(
  context: { metrics: JobMetrics; log: FastifyBaseLogger },
  registration: Registration,
  job: Job<unknown> & { retryCount?: number },
) {
  const queue = registration.kind.name;
  const end = context.metrics.durations.startTimer({ queue });
  const { data, traceContext } = withoutTraceContext(job.data);
  const run = { id: job.id, attempt: (job.retryCount ?? 0) + 1 };
  try {
    await inJobSpan(queue, run, traceContext, () => registration.handler(data, run));
    end({ result: 'done' });
    return true;
  } catch (error) {
    end({ result: 'failed' });
    context.metrics.failures.inc({ queue });
    context.log.warn({ err: error, queue, jobId: job.id }, 'jobs: a run failed; it is tried again');
    return false;
  }
}

/** Makes (or updates) a kind's queue and its dead letters, and its schedule if it has one. */
async function createQueue(boss: PgBoss, kind: JobKind<unknown>) {
  const options = {
    ...kind.retry,
    retryBackoff: true,
    expireInSeconds: kind.expireInSeconds,
    deleteAfterSeconds: kind.deleteAfterSeconds,
    ...(kind.heartbeatSeconds && { heartbeatSeconds: kind.heartbeatSeconds }),
    deadLetter: deadLetterOf(kind.name),
  };
  await boss.createQueue(options.deadLetter, { retentionSeconds: deadLetterDays * 24 * 3600 });
  await boss.createQueue(kind.name, options);
  // The queue's options win over a release's earlier ones: updateQueue makes them current.
  await boss.updateQueue(kind.name, options);
  if (kind.cron) await boss.schedule(kind.name, kind.cron, {}, { tz: 'UTC' });
}

/**
 * Works a kind's queue: up to `concurrency` jobs a fetch, run side by side, each settled on its own; a
 * full batch is followed by the next fetch at once (a backlog drains without waiting for the poll). A
 * fair kind (`concurrencyPerGroup`) has `concurrency` runners of one job each instead, whose fetch skips
 * the groups at their number.
 */
function workQueue(boss: PgBoss, registration: Registration, run: (job: Job<unknown>) => Promise<boolean>) {
  const { kind } = registration;
  // A batch settles when its slowest job does: one job a runner, so a slow run holds up no other job.
  const runners = kind.concurrencyPerGroup
    ? {
        localConcurrency: kind.concurrency,
        batchSize: 1,
        burstWhenReadyExceeds: 1,
        // Counted in the instance's memory: exact, and the fetch skips a group at its number. pg-boss's
        // count across instances (groupConcurrency, in the job table) lets runners fetching at the same
        // moment each take one more, since none sees the others' claims.
        localGroupConcurrency: kind.concurrencyPerGroup,
      }
    : { batchSize: kind.concurrency, burstWhenBatchFull: true };
  return boss.work<unknown>(kind.name, { pollingIntervalSeconds, ...runners, perJobResults: true }, (batch) =>
    Promise.all(
      batch.map(async (job) => ({
        id: job.id,
        status: (await run(job)) ? ('completed' as const) : ('failed' as const),
      })),
    ),
  );
}

/**
 * The outbox of the jobs ordered in transactions (jobs/job-outbox.ts): heard after each commit and
 * moved into the queue by the instance that wrote them, and swept every minute (a kind of its own).
 */
function workOutbox(
  deps: { database: DatabaseHandle },
  log: FastifyBaseLogger,
  boss: PgBoss,
  registrations: Map<string, Registration>,
) {
  const { db } = deps.database;
  const insert: InsertJobs = async (queue, jobs) => {
    await boss.insert(queue, jobs.map(toJobInsert));
  };
  registrations.set(jobOutboxSweepJob.name, {
    kind: jobOutboxSweepJob as JobKind<unknown>,
    handler: async () => {
      const moved = await sweepOutbox(db, insert);
      if (moved > 0) log.warn({ moved }, 'jobs: the sweep moved jobs whose announcement was lost');
    },
  });
  return listenAfterCommit({
    channel: jobOutboxChannel,
    listen: deps.database.listen,
    log,
    what: 'jobs: outbox',
    add: (ids) => moveToQueue(db, insert, ids),
    sweep: () => sweepOutbox(db, insert, { olderThanSeconds: 0 }),
  });
}

/** Every minute, one instance moves the outbox rows whose announcement was lost (job-outbox.ts). */
export const jobOutboxSweepJob = scheduledJob('job-outbox-sweep', '* * * * *', {
  retry: everyMinuteRetry,
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
});

/**
 * The durable background jobs of docs/jobs.md, on the product's own database through pg-boss (decision
 * 0029): the same in embedded mode (PGlite) and on PostgreSQL, where every instance works the same
 * queues and a job is claimed by one of them (`FOR UPDATE SKIP LOCKED`). A job is a row: it survives a
 * crash of the instance that ran it (it expires and runs again), so every handler is written to have
 * its effect once however often it runs (mail/send-mail-job.ts).
 */
export function createJobQueue(deps: { database: DatabaseHandle; log: FastifyBaseLogger; metrics: Metrics }) {
  const log = deps.log.child({ component: 'jobs' });
  const boss = newBoss(deps);
  boss.on('error', (error) => log.error({ err: error }, 'jobs: queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'jobs: queue warning'));
  const registrations = new Map<string, Registration>();
  let started = false;
  const metrics = createJobMetrics(deps.metrics, boss, {
    names: () => [...registrations.keys()],
    isStarted: () => started,
  });
  const outbox = workOutbox(deps, log, boss, registrations);

  return {
    /** Declares a kind of job and who runs it; before `start`. */
    handle<Data>(kind: JobKind<Data>, handler: JobHandler<Data>) {
      if (started) throw new Error(`jobs: ${kind.name} handled after the queue started`);
      registrations.set(kind.name, {
        kind: kind as JobKind<unknown>,
        handler: handler as JobHandler<unknown>,
      });
    },

    /**
     * Makes the queues (once per database, whichever instance comes first) and starts working them;
     * with `work: false`, only sends (a process that orders jobs for others to run).
     */
    async start({ work = true }: { work?: boolean } = {}) {
      await boss.start();
      for (const { kind } of registrations.values()) await createQueue(boss, kind);
      await outbox.start();
      started = true;
      if (!work) return;
      for (const registration of registrations.values()) {
        await workQueue(boss, registration, (job) => runJob({ metrics, log }, registration, job));
      }
    },

    /**
     * Adds a job of `kind`. In `options.tx` it is ordered in that transaction (its outbox row, one
     * statement) and added after the commit (jobs/job-outbox.ts, decision 0038): it exists only if the
     * transaction commits, and the transaction does not pay pg-boss's insert.
     */
    async send<Data extends object>(kind: JobKind<Data>, data: Data, options: SendOptions = {}) {
      if (!registrations.has(kind.name)) throw new Error(`jobs: nobody handles ${kind.name}`);
      const traced = withTraceContext(data);
      if (options.tx) {
        await orderJob(options.tx, kind.name, traced, options);
        return;
      }
      await boss.send(kind.name, traced, {
        ...(options.startAfter && { startAfter: options.startAfter }),
        ...(options.id && { id: options.id }),
        ...(options.group && { group: { id: options.group } }),
      });
    },

    /**
     * Adds several jobs of `kind` in one statement (webhooks/queue-deliveries.ts). A job given an `id` that
     * exists already is not added again, so a sender that runs twice adds each job once.
     */
    async sendMany<Data extends object>(kind: JobKind<Data>, batch: JobOrder<Data>[]) {
      if (!registrations.has(kind.name)) throw new Error(`jobs: nobody handles ${kind.name}`);
      const traced = batch.map((job) => ({ ...job, data: withTraceContext(job.data) }));
      if (batch.length > 0) await boss.insert(kind.name, traced.map(toJobInsert));
    },

    /** Stops taking jobs and waits, up to 10 s, for the ones under way; what is left runs again later. */
    async stop() {
      if (!started) return;
      started = false;
      await outbox.stop();
      await boss.stop({ graceful: true, timeout: drainTimeoutMs, close: false });
    },

    /** pg-boss itself, for tests and the operator's tools (dead letters, retries). */
    boss,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export const deadLetterOf = (name: string) => `${name}.dead`;

/**
 * A job's data with the trace context of whoever orders it (`traceContext`, W3C `traceparent`), so that
 * its run continues that trace on whichever instance takes it (docs/tracing.md). Unchanged when
 * nothing is traced.
 */
function withTraceContext<Data extends object>(data: Data): Data {
  const traceContext = currentTraceCarrier();
  return traceContext ? { ...data, traceContext } : data;
}

/** The data a handler is given (without the trace context), and the trace context apart. */
function withoutTraceContext(data: unknown): { data: unknown; traceContext?: TraceCarrier } {
  if (!data || typeof data !== 'object' || !('traceContext' in data)) return { data };
  const { traceContext, ...rest } = data as { traceContext?: TraceCarrier };
  return { data: rest, traceContext };
}

const toJobInsert = <Data>({ group, ...job }: JobOrder<Data>) => ({
  ...job,
  ...(group && { group: { id: group } }),
});

/**
 * Puts a job that has just started back in its queue until `until`, as if it had not run: no try is
 * spent (pg-boss's restore, with a start time), and `data` is merged into its data. Its run then
 * returns normally; pg-boss's settling finds it no longer running and leaves it alone.
 */
export async function postponeJob(
  db: Pick<Database, 'execute'>,
  kind: JobKind<unknown>,
  job: { id: string; until: Date; data?: object },
) {
  await db.execute(sql`
    update ${sql.identifier(schema)}.job
    set state = 'created', started_on = null, heartbeat_on = null,
        start_after = ${job.until.toISOString()}::timestamptz,
        data = coalesce(data, '{}'::jsonb) || ${JSON.stringify(job.data ?? {})}::jsonb
    where name = ${kind.name} and id = ${job.id}::uuid and state = 'active'`);
}

/**
 * A condition for a query of the product's own tables: a job of `kind` with the id `id` exists (in any
 * state, until pg-boss deletes it). A sweep finds with it the rows whose job was never added
 * (webhooks/queue-deliveries.ts).
 */
export const jobExists = (kind: JobKind<unknown>, id: SQLWrapper): SQL =>
  sql`exists (select 1 from ${sql.identifier(schema)}.job where name = ${kind.name} and id = ${id})`;
