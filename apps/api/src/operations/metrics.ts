import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The instance's Prometheus metrics (prom-client), one registry per app so that tests and several
 * apps in one process never mix figures. Served at GET /metrics.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveDeliveryLag = new Histogram({
    name: 'app_live_delivery_lag_seconds',
    help: 'From a change notification reaching this instance to the new list written to its streams.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const webhookDuration = new Histogram({
    name: 'app_webhook_duration_seconds',
    help: 'Time to handle a payment-provider event, by result.',
    labelNames: ['result'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: 'app_webhook_failures_total',
    help: 'Payment-provider events answered non-2xx (the provider delivers them again).',
    registers: [registry],
  });

  return {
    registry,
    requestDuration,
    liveDeliveryLag,
    webhookDuration,
    webhookFailures,
    /** A gauge read when scraped. */
    gauge(name: string, help: string, read: () => number | Record<string, number>, labelName = 'state') {
      new Gauge({
        name,
        help,
        labelNames: [labelName],
        registers: [registry],
        collect() {
          const value = read();
          if (typeof value === 'number') this.set(value);
          else for (const [label, each] of Object.entries(value)) this.set({ [labelName]: label }, each);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Times every request by its route pattern (never the raw URL: ids would explode the label set). */
export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics) {
  // One labelled child per method, route and status, looked up by a plain key: prom-client would
  // otherwise sort and join the label object on every response.
  const durationOf = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let duration = durationOf.get(key);
    if (!duration) {
      duration = metrics.requestDuration.labels({
        method: request.method,
        route,
        status_code: String(reply.statusCode),
      });
      durationOf.set(key, duration);
    }
    duration.observe(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!isScraper(request)) {
      return reply.status(404).send({
        status: 'error',
        code: 'not_found',
        message: 'There is no API endpoint GET /metrics.',
      });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

const isPrivateNetwork = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Metrics are for the operator's scraper on the private network, never for visitors: the socket's peer
 * must be a private address and the request must not have come through the load balancer (which adds
 * X-Forwarded-For). deploy/haproxy.cfg also refuses /metrics at the edge.
 */
function isScraper(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const isForwarded = forwardingHeaders.some((header) => request.headers[header] !== undefined);
  return !isForwarded && isPrivateNetwork(peer, 0);
}
