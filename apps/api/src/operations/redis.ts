import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type RedisConnections = {
  client: Redis;
  subscriber: Redis;
  /** Resolves true once both connections are ready, or false after `timeoutMs` (Redis down at start). */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * The connections to Redis (REDIS_URL) that share limits between instances: one for commands, one for
 * the eviction channel (a subscribed connection takes no other command). Commands fail at once while
 * Redis is unreachable instead of queueing: the shared limits are then skipped, never a request blocked.
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
      log.warn({ err: error }, 'redis: connection failed; the shared limits are skipped until it is back');
    });
    connection.on('ready', () => {
      if (lastError) log.info('redis: connected again');
      lastError = '';
    });
  }
  return {
    client,
    subscriber,
    async ready(timeoutMs) {
      // Not events.once: it rejects on the 'error' events a connection emits while it retries.
      const connected = (connection: Redis) =>
        new Promise<void>((resolve) => {
          if (connection.status === 'ready') resolve();
          else connection.once('ready', () => resolve());
        });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const result = await Promise.race([
        Promise.all([connected(client), connected(subscriber)]).then(() => true),
        timedOut,
      ]);
      clearTimeout(timer);
      return result;
    },
    async close() {
      // QUIT cannot be sent while Redis is unreachable (no offline queue on the command connection):
      // then the connection is dropped instead, which also ends its reconnect attempts.
      const end = (connection: Redis) => connection.quit().catch(() => connection.disconnect());
      await Promise.all([end(client), end(subscriber)]);
    },
  };
}
