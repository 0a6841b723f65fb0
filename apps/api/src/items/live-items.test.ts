import { itemStreamEvents } from '@launchkit/api-contract';
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { workspaceAccessChannel } from '#api/access/access-changes.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions } from '#api/db/postgres-listener.ts';
import type { Item } from './item-document.ts';
import { createLiveItems, itemChangesChannel, type LiveItemsSubscriber } from './live-items.ts';

const silentLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;
const tick = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await tick();
};

type Listener = { handlers: ChannelHandlers; options: ListenOptions };

/**
 * A hub over a fake database: `announce` plays a NOTIFY on the items channel and `announceAccess` one
 * on the access channel; `reads` counts list reads per owner, `checks` access checks per member.
 * `keepsAccess` answers the checks (everyone keeps access by default).
 */
function hubWithFakeDatabase(
  readItems?: (owner: string) => Promise<Item[]>,
  keepsAccess: (member: string, workspace: string) => Promise<boolean> = async () => true,
) {
  // The one listening connection, while open.
  let listener: Listener | undefined;
  const reads: string[] = [];
  const checks: string[] = [];
  // Every read of the fake finds a list it did not find before: a new version.
  let version = 0;
  const database = {
    async listen(handlers: ChannelHandlers, options?: ListenOptions) {
      if (listener) throw new Error('a second listening connection');
      listener = { handlers, options: options ?? {} };
      return async () => {
        listener = undefined;
      };
    },
  } as unknown as DatabaseHandle;
  const live = createLiveItems({
    database,
    log: silentLog,
    readItems: async (owner) => {
      reads.push(owner);
      return JSON.stringify(readItems ? await readItems(owner) : [{ id: `v${++version}`, owner } as Item]);
    },
    keepsAccess: async (member, workspace) => {
      checks.push(`${member.uid}@${workspace}`);
      return keepsAccess(member.uid, workspace);
    },
  });
  return {
    live,
    reads,
    checks,
    announce: (owner: string) => listener?.handlers[itemChangesChannel]?.(owner),
    announceAccess: (workspace: string) => listener?.handlers[workspaceAccessChannel]?.(workspace),
    /** The listening connection came back after a drop. */
    resume: () => listener?.options.onResume?.(),
    get isListening() {
      return listener !== undefined;
    },
  };
}

/** A subscriber that records; `as` makes it a member's, authorized at `authorizedAt`. */
function recorder(as?: { member: string; authorizedAt?: number }) {
  const lists: Item[][] = [];
  let endCount = 0;
  let revokeCount = 0;
  // What the stream would carry: each `send` is one whole `items` event.
  const events = createEventParser((event) => {
    expect(event.type).toBe(itemStreamEvents.items);
    lists.push(JSON.parse(event.data));
  });
  const subscriber: LiveItemsSubscriber = {
    send: (event) => events.push(event.toString('utf8')),
    end: () => {
      endCount += 1;
    },
    ...(as && {
      member: { uid: as.member, secondFactor: false },
      authorizedAt: as.authorizedAt ?? 0,
      revoke: () => {
        revokeCount += 1;
      },
    }),
  };
  return {
    subscriber,
    lists,
    get endCount() {
      return endCount;
    },
    get revokeCount() {
      return revokeCount;
    },
  };
}

describe('the live items hub', () => {
  it('reads an owner’s list once for a burst of announcements and sends it to that owner’s streams only', async () => {
    const hub = hubWithFakeDatabase();
    await hub.live.ready();
    const [first, second, other] = [recorder(), recorder(), recorder()];
    hub.live.subscribe('ada', first.subscriber);
    hub.live.subscribe('ada', second.subscriber);
    hub.live.subscribe('grace', other.subscriber);
    await settle();
    expect(hub.reads.sort()).toEqual(['ada', 'grace']); // one first list per owner, shared
    expect([first.lists.length, second.lists.length, other.lists.length]).toEqual([1, 1, 1]);

    hub.reads.length = 0;
    for (let index = 0; index < 50; index += 1) hub.announce('ada');
    hub.announce('nobody-watches');
    await settle();
    expect(hub.reads).toEqual(['ada']);
    expect([first.lists.length, second.lists.length, other.lists.length]).toEqual([2, 2, 1]);
    expect(first.lists[1]).toEqual(second.lists[1]);
  });

  it('reads once more after a read that an announcement overtook, keeping lists in order', async () => {
    let release: () => void = () => {};
    let version = 0;
    const hub = hubWithFakeDatabase(async (owner) => {
      version += 1;
      const seen = version;
      if (seen === 2) await new Promise<void>((resolve) => (release = resolve));
      return [{ id: `v${seen}`, owner } as Item];
    });
    await hub.live.ready();
    const watcher = recorder();
    hub.live.subscribe('ada', watcher.subscriber);
    await settle();
    hub.announce('ada'); // read 2 starts and hangs
    await settle();
    hub.announce('ada'); // arrives during read 2
    hub.announce('ada');
    await settle();
    release();
    await settle();
    expect(watcher.lists.map((list) => list[0]?.id)).toEqual(['v1', 'v2', 'v3']);
  });

  it('sends nothing for an announcement of a change the streams already have', async () => {
    const hub = hubWithFakeDatabase(async (owner) => [{ id: 'unchanged', owner } as Item]);
    await hub.live.ready();
    const watcher = recorder();
    hub.live.subscribe('ada', watcher.subscriber);
    await settle();
    // A write committed just before the stream opened is announced just after it got its first list.
    hub.announce('ada');
    await settle();
    expect(hub.reads).toEqual(['ada', 'ada']);
    expect(watcher.lists).toEqual([[{ id: 'unchanged', owner: 'ada' }]]);
  });

  it('gives a new stream its first list without resending to the others', async () => {
    const hub = hubWithFakeDatabase();
    await hub.live.ready();
    const [early, late] = [recorder(), recorder()];
    hub.live.subscribe('ada', early.subscriber);
    await settle();
    hub.live.subscribe('ada', late.subscriber);
    await settle();
    expect([early.lists.length, late.lists.length]).toEqual([1, 1]);
  });

  it('re-reads every watched list when the connection is back, and forgets unsubscribed streams', async () => {
    const hub = hubWithFakeDatabase();
    await hub.live.ready();
    const [kept, dropped] = [recorder(), recorder()];
    hub.live.subscribe('ada', kept.subscriber);
    const unsubscribe = hub.live.subscribe('grace', dropped.subscriber);
    await settle();
    unsubscribe();
    expect(hub.live.streamCount).toBe(1);
    hub.reads.length = 0;
    hub.resume();
    await settle();
    expect(hub.reads).toEqual(['ada']);
    expect([kept.lists.length, dropped.lists.length]).toEqual([2, 1]);
  });

  it('ends the streams whose list cannot be read, so their readers reconnect', async () => {
    const hub = hubWithFakeDatabase(async () => {
      throw new Error('database gone');
    });
    await hub.live.ready();
    const watcher = recorder();
    hub.live.subscribe('ada', watcher.subscriber);
    await settle();
    expect(watcher.endCount).toBe(1);
    expect(watcher.lists).toEqual([]);
  });

  it('ends every stream and stops listening on close, and refuses new streams after', async () => {
    const hub = hubWithFakeDatabase();
    await hub.live.ready();
    const watcher = recorder();
    hub.live.subscribe('ada', watcher.subscriber);
    await hub.live.close();
    expect(watcher.endCount).toBe(1);
    expect(hub.isListening).toBe(false);
    await expect(hub.live.ready()).rejects.toMatchObject({ statusCode: 503 });
    const late = recorder();
    hub.live.subscribe('ada', late.subscriber);
    expect(late.endCount).toBe(1);
  });
});

describe('access changes in the live items hub', () => {
  it('checks each member watching the workspace once per burst, never the owner, and revokes who lost access', async () => {
    const removed = new Set<string>();
    const hub = hubWithFakeDatabase(undefined, async (member) => !removed.has(member));
    await hub.live.ready();
    const owner = recorder();
    const [kept, leaving, leavingAgain] = [
      recorder({ member: 'grace' }),
      recorder({ member: 'linus' }),
      recorder({ member: 'linus' }),
    ];
    const elsewhere = recorder({ member: 'linus' });
    for (const each of [owner, kept, leaving, leavingAgain]) hub.live.subscribe('ada', each.subscriber);
    hub.live.subscribe('barbara', elsewhere.subscriber);
    await settle();
    expect(hub.checks).toEqual([]); // authorized at open, nothing announced since

    removed.add('linus');
    for (let index = 0; index < 20; index += 1) hub.announceAccess('ada');
    hub.announceAccess('nobody-watches');
    await settle();
    expect(hub.checks.sort()).toEqual(['grace@ada', 'linus@ada']);
    expect([kept.revokeCount, leaving.revokeCount, leavingAgain.revokeCount]).toEqual([0, 1, 1]);
    expect([owner.endCount, kept.endCount, elsewhere.revokeCount]).toEqual([0, 0, 0]);
  });

  it('checks a member again at once when an access change was announced while they were authorized', async () => {
    const hub = hubWithFakeDatabase(undefined, async () => false);
    await hub.live.ready();
    const authorizedAt = hub.live.accessEpoch;
    hub.announceAccess('ada'); // nobody watches yet: only the epoch moves
    const late = recorder({ member: 'grace', authorizedAt });
    hub.live.subscribe('ada', late.subscriber);
    await settle();
    expect(hub.checks).toEqual(['grace@ada']);
    expect(late.revokeCount).toBe(1);

    const current = recorder({ member: 'linus', authorizedAt: hub.live.accessEpoch });
    hub.live.subscribe('ada', current.subscriber);
    await settle();
    expect(hub.checks).toEqual(['grace@ada']);
  });

  it('checks every member again when the listening connection is back, and ends streams whose check fails', async () => {
    let failing = false;
    const hub = hubWithFakeDatabase(undefined, async () => {
      if (failing) throw new Error('database gone');
      return true;
    });
    await hub.live.ready();
    const [first, second] = [recorder({ member: 'grace' }), recorder({ member: 'linus' })];
    hub.live.subscribe('ada', first.subscriber);
    hub.live.subscribe('barbara', second.subscriber);
    await settle();
    hub.resume();
    await settle();
    expect(hub.checks.sort()).toEqual(['grace@ada', 'linus@barbara']);
    expect([first.revokeCount, second.revokeCount]).toEqual([0, 0]);

    failing = true;
    hub.announceAccess('ada');
    await settle();
    expect([first.endCount, first.revokeCount, second.endCount]).toEqual([1, 0, 0]);
  });

  it('checks once more after a check that an announcement overtook', async () => {
    let release: () => void = () => {};
    let isRemoved = false;
    let calls = 0;
    const hub = hubWithFakeDatabase(undefined, async () => {
      calls += 1;
      const keeps = !isRemoved; // what the check's query reads when it runs
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return keeps;
    });
    await hub.live.ready();
    const watcher = recorder({ member: 'grace' });
    hub.live.subscribe('ada', watcher.subscriber);
    await settle();
    hub.announceAccess('ada'); // check 1 starts and hangs, having read the old state
    await settle();
    isRemoved = true;
    hub.announceAccess('ada'); // the removal, announced during check 1
    hub.announceAccess('ada');
    await settle();
    release();
    await settle();
    expect(calls).toBe(2);
    expect(watcher.revokeCount).toBe(1);
  });
});
