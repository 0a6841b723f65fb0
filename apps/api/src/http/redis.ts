import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type RedisConnections = { client: Redis; subscriber: Redis; close(): Promise<void> };

/**
 * The connections to Redis (REDIS_URL) that share limits between instances: one for commands, one for
 * the eviction channel (a subscribed connection takes no other command). Commands fail at once while
 * Redis is unreachable instead of queueing: a limit then holds per instance, it never blocks a request.
 */
export function openRedis(url: string, log: FastifyBaseLogger): RedisConnections {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const client = new Redis(url, options);
  // The subscriber may queue its SUBSCRIBE until connected: it is re-sent after every reconnect.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  let lastError = '';
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => {
      if (error.message === lastError) return; // one line per outage, not one per retry
      lastError = error.message;
      log.warn({ err: error }, 'redis: connection failed; limits hold per instance until it is back');
    });
    connection.on('ready', () => {
      if (lastError) log.info('redis: connected again');
      lastError = '';
    });
  }
  return {
    client,
    subscriber,
    async close() {
      await Promise.all([client.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}
