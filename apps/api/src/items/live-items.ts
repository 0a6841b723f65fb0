import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { Unlisten } from '#api/db/postgres-listener.ts';
import { AppError } from '#api/http/app-error.ts';
import type { Item } from './item-document.ts';

/** The channel of the items trigger (migration 0003); the payload is the owner's uid. */
export const itemChangesChannel = 'item_changes';

/** One open live list: `send` gets the owner's whole list as JSON, `end` closes the stream. */
export type LiveItemsSubscriber = { send(listJson: string): void; end(): void };

type Channel = {
  subscribers: Set<LiveItemsSubscriber>;
  /** Subscribers that joined since the last read and still wait for their first list. */
  awaitingFirstList: Set<LiveItemsSubscriber>;
  /** A change was announced after the last read began: everyone needs a fresh list. */
  isStale: boolean;
  isScheduled: boolean;
  isReading: boolean;
  /** When the oldest announcement not yet delivered arrived (for the delivery-lag metric). */
  announcedAt?: number;
};

/**
 * The live lists of one app instance: one LISTEN for all of them, and per owner at most one read at a
 * time. Announcements that arrive in the same tick, or while a read runs, fold into one more read, so
 * a burst of writes costs a few reads whatever the number of open streams; each list is encoded once
 * and written to all of that owner's streams. Reads are sequential per owner, so a stream never gets
 * an older list after a newer one.
 */
export function createLiveItems(deps: {
  database: DatabaseHandle;
  readItems: (owner: string) => Promise<Item[]>;
  log: FastifyBaseLogger;
  /** Seconds from a change announcement reaching this instance to the new list written out. */
  deliveryLag?: { observe(seconds: number): void };
}) {
  const channels = new Map<string, Channel>();
  let listening: Promise<Unlisten> | undefined;
  let isClosed = false;

  function announce(owner: string) {
    const channel = channels.get(owner);
    if (!channel) return; // nobody watches this owner on this instance
    channel.isStale = true;
    channel.announcedAt ??= performance.now();
    schedule(owner, channel);
  }

  function schedule(owner: string, channel: Channel) {
    if (channel.isScheduled || channel.isReading) return;
    channel.isScheduled = true;
    setImmediate(() => {
      channel.isScheduled = false;
      void refresh(owner, channel);
    });
  }

  async function refresh(owner: string, channel: Channel) {
    channel.isReading = true;
    try {
      while (channel.isStale || channel.awaitingFirstList.size > 0) {
        const recipients = [...(channel.isStale ? channel.subscribers : channel.awaitingFirstList)];
        const announcedAt = channel.isStale ? channel.announcedAt : undefined;
        channel.isStale = false;
        channel.announcedAt = undefined;
        channel.awaitingFirstList.clear();
        let listJson: string;
        try {
          listJson = JSON.stringify(await deps.readItems(owner));
        } catch (error) {
          // The client reconnects with backoff and gets a fresh list then: better than a stale one now.
          deps.log.error({ err: error }, 'live items: reading the list failed; ending its streams');
          for (const subscriber of recipients) subscriber.end();
          continue;
        }
        for (const subscriber of recipients) {
          if (channel.subscribers.has(subscriber)) subscriber.send(listJson);
        }
        if (announcedAt !== undefined) deps.deliveryLag?.observe((performance.now() - announcedAt) / 1000);
      }
    } finally {
      channel.isReading = false;
    }
  }

  function listen() {
    listening ??= deps.database
      .listen(itemChangesChannel, announce, {
        // Announcements made while the connection was down are lost: every watched list may be stale.
        onResume: () => {
          deps.log.info('live items: listening again');
          for (const owner of channels.keys()) announce(owner);
        },
        onConnectionError: (error) => deps.log.warn({ err: error }, 'live items: listen connection lost'),
      })
      .catch((error: unknown) => {
        listening = undefined; // the next stream tries again
        throw error;
      });
    return listening;
  }

  return {
    /**
     * Resolves once this instance LISTENs (opened on the first stream), so that a change made after a
     * stream's first read is always announced to it.
     */
    async ready() {
      if (isClosed) throw new AppError(503, 'unavailable', 'The server is restarting. Try again shortly.');
      try {
        await listen();
      } catch (error) {
        deps.log.error({ err: error }, 'live items: cannot listen for changes');
        throw new AppError(
          503,
          'unavailable',
          'The live list is not available right now. Try again shortly.',
        );
      }
    },

    /** Sends the owner's list now and after each change, until the returned function runs. */
    subscribe(owner: string, subscriber: LiveItemsSubscriber): () => void {
      if (isClosed) {
        subscriber.end();
        return () => {};
      }
      let channel = channels.get(owner);
      if (!channel) {
        channel = {
          subscribers: new Set(),
          awaitingFirstList: new Set(),
          isStale: false,
          isScheduled: false,
          isReading: false,
        };
        channels.set(owner, channel);
      }
      const joined = channel;
      joined.subscribers.add(subscriber);
      joined.awaitingFirstList.add(subscriber);
      schedule(owner, joined);
      return () => {
        joined.subscribers.delete(subscriber);
        joined.awaitingFirstList.delete(subscriber);
        if (joined.subscribers.size === 0 && channels.get(owner) === joined) channels.delete(owner);
      };
    },

    /** Ends every open stream (a server that is closing must not wait for them) and stops listening. */
    async close() {
      isClosed = true;
      for (const channel of channels.values()) {
        for (const subscriber of channel.subscribers) subscriber.end();
      }
      channels.clear();
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },

    /** Open streams on this instance (for tests and diagnostics). */
    get streamCount() {
      let count = 0;
      for (const channel of channels.values()) count += channel.subscribers.size;
      return count;
    },
  };
}

export type LiveItems = ReturnType<typeof createLiveItems>;
