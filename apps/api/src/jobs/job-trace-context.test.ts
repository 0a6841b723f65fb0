import { randomBytes } from 'node:crypto';
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { parseAnnouncement } from './after-commit.ts';
import { createJobQueue, type JobKind, type JobQueue } from './job-queue.ts';

// A job continues the trace of whoever ordered it (docs/tracing.md): OpenTelemetry's own context
// manager and W3C propagator, as the SDK registers them, and no tracer (so the job's span is the
// orderer's context itself, which is what can be compared here). The real queue, on the test database.
const kind: JobKind<{ n: number }> = {
  name: 'test-traced',
  retry: { retryLimit: 0, retryDelay: 1, retryDelayMax: 1 },
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
  concurrency: 2,
};

type Run = { data: unknown; traceId?: string; spanId?: string };

/** A remote parent, as a traceparent header would give it. */
function tracedContext() {
  const spanContext = {
    traceId: randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  };
  return { spanContext, context: trace.setSpanContext(ROOT_CONTEXT, spanContext) };
}

describe('trace context through the job queue', () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  const runs: Run[] = [];
  const contextManager = new AsyncLocalStorageContextManager();

  beforeAll(async () => {
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    database = await openTestDatabase();
    queue = createJobQueue({ database, log: pino({ level: 'silent' }), metrics: createMetrics() });
    queue.handle(kind, async (data) => {
      // Outside any trace the job's span is the API's invalid one (all zeros): no trace.
      const spanContext = trace.getActiveSpan()?.spanContext();
      const traced = spanContext && isSpanContextValid(spanContext) ? spanContext : undefined;
      runs.push({ data, traceId: traced?.traceId, spanId: traced?.spanId });
    });
    await queue.start();
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    propagation.disable();
    context.disable();
  });

  const runOf = async (n: number) => {
    await vi.waitFor(() => expect(runs.some((run) => (run.data as { n: number }).n === n)).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    return runs.find((run) => (run.data as { n: number }).n === n) as Run;
  };

  it('runs a job sent inside a trace in that trace, and gives its handler the data alone', async () => {
    const traced = tracedContext();
    await context.with(traced.context, () => queue.send(kind, { n: 1 }));
    expect(await runOf(1)).toEqual({ data: { n: 1 }, ...pick(traced) });
  });

  it('does the same for a batch (sendMany)', async () => {
    const traced = tracedContext();
    await context.with(traced.context, () => queue.sendMany(kind, [{ data: { n: 2 } }, { data: { n: 3 } }]));
    for (const n of [2, 3]) expect(await runOf(n)).toEqual({ data: { n }, ...pick(traced) });
  });

  it('adds nothing to a job sent outside any trace', async () => {
    await queue.send(kind, { n: 4 });
    expect(await runOf(4)).toEqual({ data: { n: 4 }, traceId: undefined, spanId: undefined });
    const stored = (await database.db.execute(
      sql`select data from jobs.job where name = ${kind.name} and (data->>'n')::int = 4`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(stored.rows.map((row) => row.data)).toEqual([{ n: 4 }]);
  });

  it('reads the trace a webhook delivery announcement names after its ids', () => {
    const traceparent = `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    expect(parseAnnouncement(`app1 a,b ${traceparent}`)).toEqual({
      instance: 'app1',
      ids: ['a', 'b'],
      trace: { traceparent },
    });
    expect(parseAnnouncement('app1 a,b')).toEqual({ instance: 'app1', ids: ['a', 'b'] });
  });
});

const pick = (traced: ReturnType<typeof tracedContext>) => ({
  traceId: traced.spanContext.traceId,
  spanId: traced.spanContext.spanId,
});
