// The OpenTelemetry Node SDK, started by register-tracing.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set, before the server's modules load. Spans: HTTP in and out (node:http, and fetch through undici),
// Fastify's routes and hooks, PostgreSQL (`pg`, which Drizzle and pg-boss both use), Redis (ioredis);
// the job queue carries the context into its jobs itself (jobs/job-queue.ts). The exporter, protocol,
// sampler and batching follow OpenTelemetry's own OTEL_* variables (docs/tracing.md).
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { register } from 'import-in-the-middle/register-hooks.mjs';
import { setTracingShutdown } from './tracing-switch.ts';

// The server's modules are ES modules: a package they import (rather than require) reaches the
// instrumentations only through a loader hook. Node 26 runs it in-thread (module.registerHooks), and
// only for the packages named here; fastify announces itself on a diagnostics channel, and node:http
// is patched in place.
register({ include: ['pg', 'pg-pool', 'ioredis'] });

// The balancer's health checks (every half second per instance) and the metrics scrapes: noise, not
// requests anyone waits on.
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);
const isUntraced = (url: string | undefined) => untracedPaths.has((url ?? '').split('?')[0] ?? '');

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME || 'launchkit-api',
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => isUntraced(request.url),
      // Outbound calls and queries belong to a request or a job; pg-boss's polling and the listening
      // connection's own traffic would otherwise each start a trace of their own, twice a second.
      requireParentforOutgoingSpans: true,
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route: { url: string }) => isUntraced(route.url),
    }),
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ],
  // Traces only: the metrics are Prometheus's (/metrics) and the logs are JSON lines on stdout.
  metricReaders: [],
  logRecordProcessors: [],
});
sdk.start();
setTracingShutdown(() => sdk.shutdown());
