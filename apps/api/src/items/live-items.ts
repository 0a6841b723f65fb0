import type { FastifyBaseLogger } from 'fastify';
import { workspaceAccessChannel } from '#api/access/access-changes.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { Unlisten } from '#api/db/postgres-listener.ts';
import { activityChangesChannel } from '#api/events/activity-announcements.ts';
import { AppError } from '#api/http/app-error.ts';
import {
  createLiveListHub,
  type LiveItemsSubscriber,
  type LiveListHub,
  type LiveListHubDeps,
} from './live-list-hub.ts';

/** The channel of the items trigger (migration 0003); the payload is the owner's uid. */
export const itemChangesChannel = 'item_changes';

export { activityEvent, itemsEvent, type LiveItemsSubscriber } from './live-list-hub.ts';

/** The three channels on one listening connection (the instance's one: docs/capacity.md). */
function listenToAll(
  deps: { database: DatabaseHandle; log: FastifyBaseLogger },
  hub: Pick<LiveListHub, 'announce' | 'announceActivity'>,
  handlers: { announceAccess(workspace: string): void; onResume(): void },
): Promise<Unlisten> {
  return deps.database.listen(
    {
      [itemChangesChannel]: hub.announce,
      [activityChangesChannel]: hub.announceActivity,
      [workspaceAccessChannel]: handlers.announceAccess,
    },
    {
      onResume: () => {
        deps.log.info('live items: listening again');
        handlers.onResume();
      },
      onConnectionError: (error) => deps.log.warn({ err: error }, 'live items: listen connection lost'),
    },
  );
}

/** A listening connection opened on first use (again after a failure: the next stream tries again). */
function openedOnDemand(listen: () => Promise<Unlisten>) {
  let listening: Promise<Unlisten> | undefined;
  return {
    open() {
      listening ??= listen().catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      return listening;
    },
    async close() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}

/**
 * The live lists of one app instance (the hub and its coalescing: live-list-hub.ts) on one listening
 * connection for all of them, opened with the first stream. The same connection hears new activity
 * entries (told to the streams that follow a workspace's log) and access changes
 * (docs/team.md): the members watching that workspace on this instance are checked again, and the
 * streams of those who lost access are revoked.
 */
export function createLiveItems(deps: LiveListHubDeps & { database: DatabaseHandle }) {
  const hub = createLiveListHub(deps);
  let isClosed = false;
  // Counts access announcements (and reconnections, which may have lost some): a stream authorized
  // before the count moved may have missed the one that concerned it.
  let accessEpoch = 0;
  const announceAccess = (workspace: string) => {
    accessEpoch += 1;
    hub.announceAccess(workspace);
  };
  // Announcements made while the connection was down are lost: every watched list may be stale, and a
  // member removed meanwhile must not keep the stream.
  const onResume = () => {
    accessEpoch += 1;
    for (const owner of hub.owners()) {
      hub.announce(owner);
      hub.announceActivity(owner);
      announceAccess(owner);
    }
  };

  const listening = openedOnDemand(() => listenToAll(deps, hub, { announceAccess, onResume }));

  return {
    /**
     * Resolves once this instance LISTENs (opened on the first stream), so that a change made after a
     * stream's first read is always announced to it.
     */
    async ready() {
      if (isClosed) throw new AppError(503, 'unavailable', 'The server is restarting. Try again shortly.');
      try {
        await listening.open();
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
      const missedAccessChange = subscriber.member !== undefined && subscriber.authorizedAt !== accessEpoch;
      return hub.subscribe(owner, subscriber, missedAccessChange);
    },

    /** Ends every open stream (a server that is closing must not wait for them) and stops listening. */
    async close() {
      isClosed = true;
      hub.endAll();
      await listening.close();
    },

    /** Open streams on this instance (for tests and diagnostics). */
    get streamCount() {
      return hub.streamCount;
    },
  };
}

export type LiveItems = ReturnType<typeof createLiveItems>;
