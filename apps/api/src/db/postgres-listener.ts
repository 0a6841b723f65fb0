import pg from 'pg';

export type Unlisten = () => Promise<void>;

/** What to call with each notification's payload, by channel. */
export type ChannelHandlers = Record<string, (payload: string) => void>;

export type ListenOptions = {
  /** Runs once a dropped connection is back: notifications sent while it was down are lost. */
  onResume?: () => void;
  onConnectionError?: (error: Error) => void;
};

const firstRetryMs = 500;
const lastRetryMs = 10_000;

/**
 * LISTENs to every channel of `handlers` on one connection of its own, outside the pool (one per
 * instance, however many channels: each is a PostgreSQL backend, and a primary has few to spare): a
 * pooled connection is handed to other queries, and a LISTEN must stay on one session. `url` is
 * PostgreSQL itself (DATABASE_DIRECT_URL when the pool goes through a pooler in transaction mode,
 * which would hand this session's server connection to other clients between statements and drop the
 * notifications). A dropped connection is reopened with backoff (0.5 s → 10 s).
 */
export async function listenOnPostgres(
  url: string,
  handlers: ChannelHandlers,
  options: ListenOptions = {},
): Promise<Unlisten> {
  let current: pg.Client | undefined;
  let isStopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect() {
    // TCP keep-alive: a connection that died silently (a peer gone from the network) still ends in an error.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (Object.hasOwn(handlers, message.channel)) handlers[message.channel]?.(message.payload ?? '');
    });
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      // One round trip: the channels' LISTENs as one simple query.
      await client.query(
        Object.keys(handlers)
          .map((channel) => `listen ${client.escapeIdentifier(channel)}`)
          .join('; '),
      );
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await client.end();
      return;
    }
    current = client;
  }

  function dropped(client: pg.Client, error?: Error) {
    if (isStopped || client !== current) return;
    current = undefined;
    if (error) options.onConnectionError?.(error);
    client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    retryTimer = setTimeout(async () => {
      try {
        await connect();
        retryMs = firstRetryMs;
        if (!isStopped) options.onResume?.();
      } catch (error) {
        options.onConnectionError?.(error as Error);
        retryMs = Math.min(retryMs * 2, lastRetryMs);
        if (!isStopped) scheduleReconnect();
      }
    }, retryMs);
    retryTimer.unref();
  }

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    await client?.end();
  };
}
