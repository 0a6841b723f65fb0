import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { ListenOptions } from '#api/db/postgres-listener.ts';
import type { Item } from './item-document.ts';
import { createLiveItems, type LiveItemsSubscriber } from './live-items.ts';

const silentLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;
const tick = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await tick();
};

/** A hub over a fake database: `announce` plays a NOTIFY, `reads` counts list reads per owner. */
function hubWithFakeDatabase(readItems?: (owner: string) => Promise<Item[]>) {
  let onPayload: (payload: string) => void = () => {};
  let options: ListenOptions = {};
  let isListening = false;
  const reads: string[] = [];
  const database = {
    async listen(_channel: string, callback: (payload: string) => void, listenOptions?: ListenOptions) {
      onPayload = callback;
      options = listenOptions ?? {};
      isListening = true;
      return async () => {
        isListening = false;
      };
    },
  } as unknown as DatabaseHandle;
  const live = createLiveItems({
    database,
    log: silentLog,
    readItems: async (owner) => {
      reads.push(owner);
      return readItems ? readItems(owner) : [{ id: String(reads.length), owner } as Item];
    },
  });
  return {
    live,
    reads,
    announce: (owner: string) => onPayload(owner),
    resume: () => options.onResume?.(),
    get isListening() {
      return isListening;
    },
  };
}

function recorder() {
  const lists: Item[][] = [];
  let endCount = 0;
  const subscriber: LiveItemsSubscriber = {
    send: (listJson) => lists.push(JSON.parse(listJson)),
    end: () => {
      endCount += 1;
    },
  };
  return {
    subscriber,
    lists,
    get endCount() {
      return endCount;
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
