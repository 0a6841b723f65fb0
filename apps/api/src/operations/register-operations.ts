import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#api/config/app-config.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import { closeConnectionsOnClose } from './close-connections.ts';
import { createMetrics, registerMetricsRoutes } from './metrics.ts';
import { registerHealthRoutes } from './readiness.ts';
import { openRedis } from './redis.ts';

const redisStartWaitMs = 3_000;

/**
 * What running instances need before any route: closing idle connections on close, the rate limits'
 * store (Redis when REDIS_URL is set), metrics, health and readiness. Answers the metrics and Redis for
 * the parts that count or share limits.
 */
export async function registerOperations(
  app: FastifyInstance,
  deps: { config: Config; database: DatabaseHandle },
) {
  closeConnectionsOnClose(app);
  // With REDIS_URL every rate limit is one budget across all instances (the library's own Redis store);
  // while Redis is unreachable the limits are skipped rather than every request refused.
  const redis = deps.config.redisUrl ? openRedis(deps.config.redisUrl, app.log) : undefined;
  app.addHook('onClose', async () => redis?.close());
  // Wait for Redis before serving, briefly: requests answered before it connects would skip the
  // shared limits. Redis down at start only delays the start; the limits then hold per instance.
  if (redis && !(await redis.ready(redisStartWaitMs))) {
    app.log.warn('redis: not reachable at start; the shared limits are skipped until it is');
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // The IETF draft's header names (RateLimit-Limit, -Remaining, -Reset), as the workspaces' budgets
    // write them (docs/limits.md), rather than the library's X-RateLimit-* default.
    enableDraftSpec: true,
    ...(redis && { redis: redis.client, skipOnError: true }),
  });
  const metrics = createMetrics();
  registerMetricsRoutes(app, metrics);
  registerHealthRoutes(app, deps.database);
  const { poolUse } = deps.database;
  if (poolUse) {
    metrics.gauge('app_db_pool_connections', 'PostgreSQL pool connections by state.', poolUse);
  }
  return { metrics, redis };
}
