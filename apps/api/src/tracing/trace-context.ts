// The current trace, through OpenTelemetry's API alone: without the SDK (tracing off, register-tracing.ts)
// every call here is the API's no-op, so nothing is recorded, injected or logged.
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/** The W3C trace context (`traceparent`, `tracestate`) of something sent on: a job, an announcement. */
export type TraceCarrier = Record<string, string>;

/** The ids of the span in force, for a log line (pino's mixin); empty outside any trace. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

/**
 * The trace id in force, for an error answer; undefined outside any trace. A trace left out by sampling
 * still has its id: the request's log lines carry it too.
 */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The trace context in force, to carry into work done later or elsewhere; undefined when none. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** Runs `work` in the trace context `carrier` carried (as it was where the work was ordered). */
export function withTraceCarrier<Result>(carrier: TraceCarrier | undefined, work: () => Result): Result {
  if (!carrier) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, carrier), work);
}

const tracer = trace.getTracer('launchkit-jobs');

/**
 * Runs a job of `queue` inside a span of its own, the child of the trace that ordered it (`carrier`),
 * or the root of a new one for a job nobody's request ordered (a schedule, a sweep).
 */
export function inJobSpan<Result>(
  queue: string,
  job: { id: string; attempt: number },
  carrier: TraceCarrier | undefined,
  work: () => Promise<Result>,
): Promise<Result> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  const attributes = {
    'messaging.system': 'pg-boss',
    'messaging.operation.type': 'process',
    'messaging.destination.name': queue,
    'messaging.message.id': job.id,
    'launchkit.job.attempt': job.attempt,
  };
  return tracer.startActiveSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, attributes },
    parent,
    async (span: Span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
