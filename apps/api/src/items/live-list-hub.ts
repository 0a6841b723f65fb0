import { type ItemStreamFollows, itemStreamEvents } from '@launchkit/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { type CoalescedRun, coalescedRun } from './coalesced-run.ts';

/**
 * The `items` event of the stream, carrying the workspace's whole list: encoded once per read and the
 * same bytes written to every stream of the workspace: encoded per stream, a large list open in many
 * streams would be copied once per stream and change (docs/capacity.md, "Live lists").
 */
export const itemsEvent = (listJson: string) =>
  Buffer.from(`event: ${itemStreamEvents.items}\ndata: ${listJson}\n\n`);

/**
 * The `activity` event of a stream that follows the activity log: the log has new entries, which the
 * reader fetches (GET /api/activity). It carries none: entries are read with the log's own permission
 * and paging, and one announcement may stand for several entries.
 */
export const activityEvent = Buffer.from(`event: ${itemStreamEvents.activity}\ndata: {}\n\n`);

/**
 * One open stream: `send` gets the workspace's whole list (`itemsEvent`), or with `follows: 'activity'`
 * the news of log entries (`activityEvent`) instead; `end` closes the stream.
 */
export type LiveItemsSubscriber = {
  send(event: Buffer): void;
  /** What the stream follows: the item list (the default), or the activity log. */
  follows?: ItemStreamFollows;
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

export type LiveListHubDeps = {
  /** The owner's list as JSON text (JSON.stringify's: one line). */
  readItems: (owner: string) => Promise<string>;
  /** Whether a member may still open the workspace; rejects when that cannot be known. */
  keepsAccess: (member: WorkspaceCaller, workspace: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  /** Seconds from a change announcement reaching this instance to the new list written out. */
  deliveryLag?: { observe(seconds: number): void };
};

/** The open live lists of one workspace on this instance. */
type Channel = {
  /** Every stream of the workspace: their access is checked, and they end with the server. */
  subscribers: Set<LiveItemsSubscriber>;
  /** Those that follow the activity log: no list is read or sent for them. */
  activityFollowers: Set<LiveItemsSubscriber>;
  /** Subscribers that joined since the last read and still wait for their first list. */
  awaitingFirstList: Set<LiveItemsSubscriber>;
  /** A change was announced after the last read began: everyone needs a fresh list. */
  isStale: boolean;
  /** When the oldest announcement not yet delivered arrived (for the delivery-lag metric). */
  announcedAt?: number;
  /** The workspace's access changed since its members were last checked. */
  isAccessStale: boolean;
  /** The list each stream got last: an announcement of a change it already has sends nothing. */
  lastListOf: WeakMap<LiveItemsSubscriber, string>;
  /** Reads the list, one read at a time. */
  reading: CoalescedRun;
  /** Checks the members' access, one check at a time. */
  checking: CoalescedRun;
};

/** Reads the list while it is stale or someone waits for a first one, and sends it to them. */
async function refresh(deps: LiveListHubDeps, owner: string, channel: Channel) {
  while (channel.isStale || channel.awaitingFirstList.size > 0) {
    const recipients = [...(channel.isStale ? listFollowers(channel) : channel.awaitingFirstList)];
    const announcedAt = channel.isStale ? channel.announcedAt : undefined;
    channel.isStale = false;
    channel.announcedAt = undefined;
    channel.awaitingFirstList.clear();
    let list: string;
    try {
      list = await deps.readItems(owner);
    } catch (error) {
      // The client reconnects with backoff and gets a fresh list then: better than a stale one now.
      deps.log.error({ err: error }, 'live items: reading the list failed; ending its streams');
      for (const subscriber of recipients) subscriber.end();
      continue;
    }
    sendList(channel, recipients, list);
    if (announcedAt !== undefined) deps.deliveryLag?.observe((performance.now() - announcedAt) / 1000);
  }
}

/** The streams that follow the item list. */
const listFollowers = (channel: Channel) =>
  [...channel.subscribers].filter((subscriber) => !channel.activityFollowers.has(subscriber));

/**
 * Sends `list` to those of `recipients` still subscribed that do not have it yet. A change committed
 * just before a stream opened is announced just after: its first list already holds it.
 */
function sendList(channel: Channel, recipients: LiveItemsSubscriber[], list: string) {
  let event: Buffer | undefined;
  for (const subscriber of recipients) {
    if (!channel.subscribers.has(subscriber) || channel.lastListOf.get(subscriber) === list) continue;
    channel.lastListOf.set(subscriber, list);
    event ??= itemsEvent(list);
    subscriber.send(event);
  }
}

/** The members' streams, grouped by member and kind of sign-in (with or without a second factor). */
function streamsByMember(channel: Channel) {
  const streamsOf = new Map<string, { member: WorkspaceCaller; streams: LiveItemsSubscriber[] }>();
  for (const subscriber of channel.subscribers) {
    const { member } = subscriber;
    if (member === undefined) continue;
    const key = `${member.secondFactor ? 1 : 0}${member.uid}`;
    const group = streamsOf.get(key);
    if (group) group.streams.push(subscriber);
    else streamsOf.set(key, { member, streams: [subscriber] });
  }
  return [...streamsOf.values()];
}

/** Checks each watching member once while the access is stale; revokes the streams of those who lost it. */
async function checkAccess(deps: LiveListHubDeps, workspace: string, channel: Channel) {
  while (channel.isAccessStale) {
    channel.isAccessStale = false;
    await Promise.all(
      streamsByMember(channel).map(async ({ member, streams }) => {
        let keeps: boolean;
        try {
          keeps = await deps.keepsAccess(member, workspace);
        } catch (error) {
          // Access that cannot be confirmed is not kept: the reader reconnects, and is authorized again
          // then.
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
}

function newChannel(deps: LiveListHubDeps, owner: string): Channel {
  const channel: Channel = {
    subscribers: new Set(),
    activityFollowers: new Set(),
    awaitingFirstList: new Set(),
    isStale: false,
    isAccessStale: false,
    lastListOf: new WeakMap(),
    reading: coalescedRun(() => refresh(deps, owner, channel)),
    checking: coalescedRun(() => checkAccess(deps, owner, channel)),
  };
  return channel;
}

/**
 * The live lists of one instance by workspace, with their coalescing: per workspace at most one read
 * at a time, and announcements that arrive in the same tick, or while a read runs, fold into one more
 * read, so a burst of writes costs a few reads whatever the number of open streams. Each list is
 * encoded once and the same bytes written to all of the workspace's streams; reads are sequential per
 * workspace, so a stream never gets an older list after a newer one. Access announcements fold the same
 * way: the members watching are checked again (`keepsAccess`, once per member however many streams they
 * hold), and the streams of those who lost access are revoked. Owners are never checked.
 */
export function createLiveListHub(deps: LiveListHubDeps) {
  const channels = new Map<string, Channel>();

  return {
    /** The workspace's list changed: every stream of it gets the new one. */
    announce(owner: string) {
      const channel = channels.get(owner);
      // Nobody watches this owner's list on this instance.
      if (!channel || channel.subscribers.size === channel.activityFollowers.size) return;
      channel.isStale = true;
      channel.announcedAt ??= performance.now();
      channel.reading.request();
    },

    /** The workspace's activity log has new entries: every stream that follows it is told. */
    announceActivity(workspace: string) {
      for (const subscriber of channels.get(workspace)?.activityFollowers ?? [])
        subscriber.send(activityEvent);
    },

    /** The workspace's access changed: its members' streams are checked again. */
    announceAccess(workspace: string) {
      const channel = channels.get(workspace);
      if (!channel) return;
      channel.isAccessStale = true;
      channel.checking.request();
    },

    /**
     * Adds a stream, which gets the list at once (or, following the activity log, the news that there
     * may be entries it has not read: it fetches the newest then); `checkAccess`: its member is
     * checked again now.
     */
    subscribe(owner: string, subscriber: LiveItemsSubscriber, checkAccessNow: boolean): () => void {
      let channel = channels.get(owner);
      if (!channel) {
        channel = newChannel(deps, owner);
        channels.set(owner, channel);
      }
      const joined = channel;
      joined.subscribers.add(subscriber);
      if (subscriber.follows === 'activity') {
        joined.activityFollowers.add(subscriber);
        subscriber.send(activityEvent);
      } else {
        joined.awaitingFirstList.add(subscriber);
        joined.reading.request();
      }
      if (checkAccessNow) {
        joined.isAccessStale = true;
        joined.checking.request();
      }
      return () => {
        joined.subscribers.delete(subscriber);
        joined.activityFollowers.delete(subscriber);
        joined.awaitingFirstList.delete(subscriber);
        if (joined.subscribers.size === 0 && channels.get(owner) === joined) channels.delete(owner);
      };
    },

    /** The workspaces watched on this instance. */
    owners: () => [...channels.keys()],

    /** Ends every stream and forgets them. */
    endAll() {
      for (const channel of channels.values()) {
        for (const subscriber of channel.subscribers) subscriber.end();
      }
      channels.clear();
    },

    get streamCount() {
      let count = 0;
      for (const channel of channels.values()) count += channel.subscribers.size;
      return count;
    },
  };
}

export type LiveListHub = ReturnType<typeof createLiveListHub>;
