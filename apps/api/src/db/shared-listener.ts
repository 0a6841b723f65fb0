import type { DatabaseHandle } from './database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from './postgres-listener.ts';

type Subscription = { handlers: ChannelHandlers; options: ListenOptions };

/**
 * The database with one listening connection for the whole instance, however many parts listen: each
 * `listen` adds its handlers to the one connection, opened on the first and LISTENing on every channel
 * named here (a PostgreSQL backend per listener would cost the primary one per part and instance).
 * A part that starts listening later hears what is announced from then on, as with a connection of
 * its own; a reconnection is reported to every part (`onResume`).
 */
export function shareListening(
  database: DatabaseHandle,
  channels: readonly string[],
): DatabaseHandle & { stopListening(): Promise<void> } {
  const subscriptions = new Set<Subscription>();
  let listening: Promise<Unlisten> | undefined;

  const dispatch = (channel: string) => (payload: string) => {
    for (const { handlers } of subscriptions) handlers[channel]?.(payload);
  };

  function open(): Promise<Unlisten> {
    listening ??= database
      .listen(Object.fromEntries(channels.map((channel) => [channel, dispatch(channel)])), {
        onResume: () => {
          for (const { options } of subscriptions) options.onResume?.();
        },
        onConnectionError: (error) => {
          for (const { options } of subscriptions) options.onConnectionError?.(error);
        },
      })
      .catch((error: unknown) => {
        listening = undefined; // the next part to listen tries again
        throw error;
      });
    return listening;
  }

  async function stopListening() {
    const unlisten = await listening?.catch(() => undefined);
    listening = undefined;
    await unlisten?.();
  }

  return {
    ...database,
    async listen(handlers, options = {}) {
      const unknown = Object.keys(handlers).filter((channel) => !channels.includes(channel));
      if (unknown.length > 0) throw new Error(`shareListening: no such channel: ${unknown.join(', ')}`);
      const subscription = { handlers, options };
      subscriptions.add(subscription);
      try {
        await open();
      } catch (error) {
        subscriptions.delete(subscription);
        throw error;
      }
      return async () => {
        subscriptions.delete(subscription);
      };
    },
    stopListening,
    async close() {
      await stopListening();
      await database.close();
    },
  };
}
