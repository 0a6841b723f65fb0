import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { callApi, itemStreamKit, nextList } from '#api/test/item-streams.ts';
import { listenOnLoopback, startTestApp, type TestApp } from '#api/test/test-app.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { liveItemsOf } from './item-routes.ts';

const suite = useAppWithIdentity();
let origin: string;
const { openItemStream, closeItemStreams } = itemStreamKit();

beforeAll(async () => {
  origin = await listenOnLoopback(suite.testApp);
});
// Registered after the suite's own: runs first, so no stream holds the app open while it closes.
afterAll(closeItemStreams);

describe('GET /api/items/stream', () => {
  it('answers an event stream, uncompressed and unbuffered, with the security headers', async () => {
    const person = await suite.newUser();
    const stream = await openItemStream(origin, person, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await nextList(stream)).toEqual([]);
  });

  it('opens with the current list, then sends the new list after each create, rename and delete', async () => {
    const person = await suite.newUser();
    const first = await callApi(origin, 'POST', '/api/items', person, { name: 'First' });
    const stream = await openItemStream(origin, person);
    expect(await nextList(stream)).toEqual([first]);

    const second = await callApi(origin, 'POST', '/api/items', person, { name: 'Second' });
    expect(await nextList(stream)).toEqual([second, first]);

    const renamed = await callApi(origin, 'PATCH', `/api/items/${first.id}`, person, {
      name: 'First, renamed',
    });
    expect(await nextList(stream)).toEqual([second, renamed]);

    await callApi(origin, 'DELETE', `/api/items/${second.id}`, person);
    expect(await nextList(stream)).toEqual([renamed]);
  });

  it('hears a change made in SQL, and folds a many-row change into one list', async () => {
    const person = await suite.newUser();
    await callApi(origin, 'GET', '/api/items', person); // creates the user document
    const stream = await openItemStream(origin, person);
    expect(await nextList(stream)).toEqual([]);
    await suite.testApp.db
      .insert(items)
      .values(Array.from({ length: 20 }, (_, index) => ({ owner: person.uid, name: `Bulk ${index}` })));
    expect(await nextList(stream)).toHaveLength(20);
    await expect(stream.next(300)).rejects.toThrow(/no event/);
  });

  it('never sends another user’s items', async () => {
    const [watcher, other] = [await suite.newUser(), await suite.newUser()];
    const mine = await callApi(origin, 'POST', '/api/items', watcher, { name: 'Mine' });
    const stream = await openItemStream(origin, watcher);
    const otherStream = await openItemStream(origin, other);
    expect(await nextList(stream)).toEqual([mine]);
    expect(await nextList(otherStream)).toEqual([]);

    const theirs = await callApi(origin, 'POST', '/api/items', other, { name: 'Theirs' });
    expect(await nextList(otherStream)).toEqual([theirs]);
    await callApi(origin, 'PATCH', `/api/items/${theirs.id}`, other, { name: 'Theirs, renamed' });
    expect(await nextList(otherStream)).toHaveLength(1);
    await expect(stream.next(300)).rejects.toThrow(/no event/);
    for (const event of stream.events) expect(event.data).not.toContain('Theirs');
  });

  it('has no HEAD twin, which would hang open without a body', async () => {
    const person = await suite.newUser();
    const response = await fetch(`${origin}/api/items/stream`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.status).toBe(404);
  });

  it('answers 401 in the envelope without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const response = await fetch(`${origin}/api/items/stream`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'error', code: 'auth/invalid-user-token' });
    }
  });

  it('forgets a stream when its reader goes away', async () => {
    const person = await suite.newUser();
    const live = liveItemsOf(suite.testApp.app);
    const before = live?.streamCount ?? 0;
    const stream = await openItemStream(origin, person);
    await nextList(stream);
    expect(live?.streamCount).toBe(before + 1);
    await stream.close();
    await expect.poll(() => live?.streamCount, { timeout: 2_000 }).toBe(before);
  });

  it('ends open streams when the app closes, without waiting for them', async () => {
    const person = await suite.newUser();
    const other = await startTestApp(suite.identity.appEnv);
    const otherOrigin = await listenOnLoopback(other);
    const streams = [await openItemStream(otherOrigin, person), await openItemStream(otherOrigin, person)];
    for (const stream of streams) await nextList(stream);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const stream of streams) await stream.ended();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  /** Two app instances on one fresh database, closed after `work`. */
  async function withTwoInstances(
    work: (first: TestApp, origins: { first: string; second: string }) => Promise<void>,
  ) {
    const database = await openTestDatabase();
    const [first, second] = [
      await startTestApp(suite.identity.appEnv, { database }),
      await startTestApp(suite.identity.appEnv, { database }),
    ];
    try {
      await work(first, { first: await listenOnLoopback(first), second: await listenOnLoopback(second) });
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  }

  it('delivers a write made through one instance to a stream on the other', async () => {
    await withTwoInstances(async (_first, { first: firstOrigin, second: secondOrigin }) => {
      const person = await suite.newUser();
      const stream = await openItemStream(secondOrigin, person);
      expect(await nextList(stream)).toEqual([]);
      const item = await callApi(firstOrigin, 'POST', '/api/items', person, { name: 'Written on the first' });
      expect(await nextList(stream)).toEqual([item]);
      await callApi(firstOrigin, 'DELETE', `/api/items/${item.id}`, person);
      expect(await nextList(stream)).toEqual([]);
    });
  });

  it('answers a large list kept by one instance anew once the other changed it', async () => {
    await withTwoInstances(async (first, { first: firstOrigin, second: secondOrigin }) => {
      const person = await suite.newUser();
      await callApi(firstOrigin, 'GET', '/api/items', person); // their user record
      await first.db
        .insert(items)
        .values(Array.from({ length: 120 }, (_, index) => ({ owner: person.uid, name: `Kept ${index}` })));
      const listed = async (origin: string) =>
        ((await callApi(origin, 'GET', '/api/items', person)) as unknown as { name: string }[]).map(
          (item) => item.name,
        );
      expect(await listed(firstOrigin)).toHaveLength(120); // read and kept by the first
      const item = await callApi(secondOrigin, 'POST', '/api/items', person, {
        name: 'Written on the second',
      });
      expect((await listed(firstOrigin))[0]).toBe('Written on the second');
      await callApi(secondOrigin, 'DELETE', `/api/items/${item.id}`, person);
      expect(await listed(firstOrigin)).toHaveLength(120);
    });
  });

  it('listens again after its connection drops, and catches up on what it missed', async () => {
    const person = await suite.newUser();
    await callApi(origin, 'GET', '/api/items', person);
    const stream = await openItemStream(origin, person);
    expect(await nextList(stream)).toEqual([]);

    // The server ends the LISTEN connection (a restart, a failover, an idle timeout on the way).
    const terminated = await suite.testApp.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like '%listen "item_changes"%'
            and pid <> pg_backend_pid()`,
    );
    expect((terminated as { rows: unknown[] }).rows).toHaveLength(1);
    // Written while nobody listens: its notification is lost, the re-read after reconnecting is not.
    await suite.testApp.db.insert(items).values({ owner: person.uid, name: 'While reconnecting' });
    expect((await nextList(stream, 5_000)).map((item) => item.name)).toEqual(['While reconnecting']);

    const later = await callApi(origin, 'POST', '/api/items', person, { name: 'After reconnecting' });
    expect((await nextList(stream)).map((item) => item.id)).toContain(later.id);
  });
});
