import { itemStreamEvents } from '@launchkit/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { Unlisten } from '#api/db/postgres-listener.ts';
import { AppError } from '#api/http/app-error.ts';
import type { WorkspaceCaller } from '#api/team/authorize-workspace.ts';

/** The channel of the items trigger (migration 0003); the payload is the owner's uid. */
export const itemChangesChannel = 'item_changes';

/**
 * The channel of the access trigger (migration 0005): a membership changed or went, or the owner's
 * seats changed. The payload is the workspace's id (its owner's uid).
 */
export const workspaceAccessChannel = 'workspace_access';

/**
 * The `items` event of the stream, carrying the workspace's whole list: encoded once per read and the
 * same bytes written to every stream of the workspace (at 1,000 streams of one workspace, 1,000
 * encodings of a 1,000-item list would be about 160 MB of copies per change).
 */
export const itemsEvent = (listJson: string) =>
  Buffer.from(`event: ${itemStreamEvents.items}\ndata: ${listJson}\n\n`);

/** One open live list: `send` gets the workspace's whole list (`itemsEvent`), `end` closes the stream. */
export type LiveItemsSubscriber = {
  send(event: Buffer): void;
  end(): void;
  /**
   * The caller when they watch the workspace as a member, not its owner: their access is checked
   * again whenever the workspace's access changes.
   */
  member?: WorkspaceCaller;
  /** `accessEpoch` read before the caller was authorized: a change announced since is checked at once. */
  authorizedAt?: number;
  /** Ends the stream of a member who lost access (instead of `end`). */
  revoke?(): void;
};

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
  /** The workspace's access changed since its members were last checked. */
  isAccessStale: boolean;
  isAccessCheckScheduled: boolean;
  isCheckingAccess: boolean;
};

/**
 * The live lists of one app instance: one listening connection for all of them, and per owner at most
 * one read at a time. Announcements that arrive in the same tick, or while a read runs, fold into one
 * more read, so a burst of writes costs a few reads whatever the number of open streams; each list is
 * encoded once and the same bytes written to all of that owner's streams. Reads are sequential per
 * owner, so a stream never gets an older list after a newer one.
 *
 * The same connection hears access changes (docs/team.md): for each, the members watching that
 * workspace on this instance are checked again (`keepsAccess`, once per member however many streams
 * they hold), and the streams of those who lost access are revoked. Access announcements fold as list
 * announcements do; owners are never checked, they cannot lose their own workspace.
 */
export function createLiveItems(deps: {
  database: DatabaseHandle;
  /** The owner's list as JSON text (JSON.stringify's: one line). */
  readItems: (owner: string) => Promise<string>;
  /** Whether a member may still open the workspace; rejects when that cannot be known. */
  keepsAccess: (member: WorkspaceCaller, workspace: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  /** Seconds from a change announcement reaching this instance to the new list written out. */
  deliveryLag?: { observe(seconds: number): void };
}) {
  const channels = new Map<string, Channel>();
  let listening: Promise<Unlisten> | undefined;
  let isClosed = false;
  // Counts access announcements (and reconnections, which may have lost some): a stream authorized
  // before the count moved may have missed the one that concerned it.
  let accessEpoch = 0;

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

  function announceAccess(workspace: string) {
    accessEpoch += 1;
    const channel = channels.get(workspace);
    if (!channel) return;
    channel.isAccessStale = true;
    scheduleAccessCheck(workspace, channel);
  }

  function scheduleAccessCheck(workspace: string, channel: Channel) {
    if (channel.isAccessCheckScheduled || channel.isCheckingAccess) return;
    channel.isAccessCheckScheduled = true;
    setImmediate(() => {
      channel.isAccessCheckScheduled = false;
      void checkAccess(workspace, channel);
    });
  }

  async function checkAccess(workspace: string, channel: Channel) {
    channel.isCheckingAccess = true;
    try {
      while (channel.isAccessStale) {
        channel.isAccessStale = false;
        // One check per member and kind of sign-in (with or without a second factor).
        const streamsOf = new Map<string, { member: WorkspaceCaller; streams: LiveItemsSubscriber[] }>();
        for (const subscriber of channel.subscribers) {
          const { member } = subscriber;
          if (member === undefined) continue;
          const key = `${member.secondFactor ? 1 : 0}${member.uid}`;
          const group = streamsOf.get(key);
          if (group) group.streams.push(subscriber);
          else streamsOf.set(key, { member, streams: [subscriber] });
        }
        await Promise.all(
          [...streamsOf.values()].map(async ({ member, streams }) => {
            let keeps: boolean;
            try {
              keeps = await deps.keepsAccess(member, workspace);
            } catch (error) {
              // Access that cannot be confirmed is not kept: the reader reconnects, and is
              // authorized again then.
              deps.log.error({ err: error }, 'live items: checking access failed; ending the streams');
              for (const subscriber of streams) subscriber.end();
              return;
            }
            if (keeps) return;
            for (const subscriber of streams) {
              if (channel.subscribers.has(subscriber)) (subscriber.revoke ?? subscriber.end)();
            }
          }),
        );
      }
    } finally {
      channel.isCheckingAccess = false;
    }
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
        let event: Buffer;
        try {
          event = itemsEvent(await deps.readItems(owner));
        } catch (error) {
          // The client reconnects with backoff and gets a fresh list then: better than a stale one now.
          deps.log.error({ err: error }, 'live items: reading the list failed; ending its streams');
          for (const subscriber of recipients) subscriber.end();
          continue;
        }
        for (const subscriber of recipients) {
          if (channel.subscribers.has(subscriber)) subscriber.send(event);
        }
        if (announcedAt !== undefined) deps.deliveryLag?.observe((performance.now() - announcedAt) / 1000);
      }
    } finally {
      channel.isReading = false;
    }
  }

  /** Both channels on one listening connection. */
  function listenToBoth(): Promise<Unlisten> {
    return deps.database.listen(
      { [itemChangesChannel]: announce, [workspaceAccessChannel]: announceAccess },
      {
        // Announcements made while the connection was down are lost: every watched list may be stale,
        // and a member removed meanwhile must not keep the stream.
        onResume: () => {
          deps.log.info('live items: listening again');
          accessEpoch += 1;
          for (const owner of channels.keys()) {
            announce(owner);
            announceAccess(owner);
          }
        },
        onConnectionError: (error) => deps.log.warn({ err: error }, 'live items: listen connection lost'),
      },
    );
  }

  function listen() {
    listening ??= listenToBoth().catch((error: unknown) => {
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

    /**
     * Counts access announcements: read it before authorizing a member, and pass it as the
     * subscriber's `authorizedAt`.
     */
    get accessEpoch() {
      return accessEpoch;
    },

    /**
     * Sends the owner's list now and after each change, until the returned function runs. A member's
     * access announced as changed since `authorizedAt` is checked again at once: the announcement may
     * have arrived before the stream was subscribed, while its authorization read the old state.
     */
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
          isAccessStale: false,
          isAccessCheckScheduled: false,
          isCheckingAccess: false,
        };
        channels.set(owner, channel);
      }
      const joined = channel;
      joined.subscribers.add(subscriber);
      joined.awaitingFirstList.add(subscriber);
      schedule(owner, joined);
      if (subscriber.member !== undefined && subscriber.authorizedAt !== accessEpoch) {
        joined.isAccessStale = true;
        scheduleAccessCheck(owner, joined);
      }
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
