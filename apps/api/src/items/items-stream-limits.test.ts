import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import type { EventStream } from '#api/test/event-stream.ts';
import { itemStreamKit } from '#api/test/item-streams.ts';
import { listenOnLoopback, startTestApp, type TestApp } from '#api/test/test-app.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from '#api/test/test-identity-provider.ts';
import { createTestUsers, type TestUser } from '#api/test/test-users.ts';
import { liveItemsOf, streamLimitsOf } from './item-routes.ts';

let identity: TestIdentityProvider;
let database: DatabaseHandle;
let newUser: () => Promise<TestUser>;
const apps: TestApp[] = [];
const itemStreams = itemStreamKit();

beforeAll(async () => {
  identity = await startTestIdentityProvider();
  database = await openTestDatabase();
  newUser = createTestUsers(identity);
});
afterEach(async () => {
  await itemStreams.closeItemStreams();
  // Each test starts with no stream counted against 127.0.0.1.
  for (const app of apps) await expect.poll(() => liveItemsOf(app.app)?.streamCount).toBe(0);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await identity?.close();
});

/** A test app on a real port (streaming needs a socket); its clients all come from 127.0.0.1. */
async function listeningApp(env: Record<string, string> = {}) {
  const app = await startTestApp({ ...identity.appEnv, ...env }, { database });
  apps.push(app);
  return { app, origin: await listenOnLoopback(app) };
}

/** An open stream that has had its first list. */
async function openItemStream(origin: string, person: TestUser, headers: Record<string, string> = {}) {
  const stream = await itemStreams.openItemStream(origin, person, { headers });
  expect(stream.response.status).toBe(200);
  expect((await stream.next()).type).toBe('items');
  return stream;
}

/** The stream was replaced: told why, then ended cleanly by the server. */
async function expectReplaced(stream: EventStream) {
  await stream.ended();
  expect(stream.events.at(-1)).toEqual({ type: 'closed', data: '{"reason":"too-many-streams"}' });
}

describe('open streams per user (STREAMS_PER_USER_MAX, 10 by default)', () => {
  it('ends the oldest stream of a token when an 11th opens, and keeps the 10 newest', async () => {
    const { app, origin } = await listeningApp();
    const person = await newUser();
    const streams: EventStream[] = [];
    for (let index = 0; index < 11; index++) streams.push(await openItemStream(origin, person));
    const [first, ...rest] = streams as [EventStream, ...EventStream[]];
    await expectReplaced(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const stream of rest) expect(stream.isEnded).toBe(false);
    expect(streamLimitsOf(app.app)?.countOf(person.uid)).toBe(10);
    expect(liveItemsOf(app.app)?.streamCount).toBe(10);

    // The 12th replaces the next oldest, and the newest keep receiving changes.
    const twelfth = await openItemStream(origin, person);
    await expectReplaced(rest[0] as EventStream);
    const created = await fetch(`${origin}/api/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Seen live' }),
    });
    expect(created.status).toBe(201);
    expect(JSON.parse((await twelfth.next()).data)).toHaveLength(1);
    expect(JSON.parse((await (rest.at(-1) as EventStream).next()).data)).toHaveLength(1);
  });

  it('counts each user on their own', async () => {
    const { app, origin } = await listeningApp({ STREAMS_PER_USER_MAX: '2' });
    const [one, two] = [await newUser(), await newUser()];
    const streams = [
      await openItemStream(origin, one),
      await openItemStream(origin, one),
      await openItemStream(origin, two),
      await openItemStream(origin, two),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const stream of streams) expect(stream.isEnded).toBe(false);
    expect(streamLimitsOf(app.app)?.countOf(one.uid)).toBe(2);
  });

  it('frees the place of a stream whose reader left', async () => {
    const { app, origin } = await listeningApp({ STREAMS_PER_USER_MAX: '2' });
    const person = await newUser();
    const first = await openItemStream(origin, person);
    const second = await openItemStream(origin, person);
    await first.close();
    await expect.poll(() => streamLimitsOf(app.app)?.countOf(person.uid)).toBe(1);
    await openItemStream(origin, person);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.isEnded).toBe(false);
  });
});

describe('open streams per client address (STREAMS_PER_ADDRESS_MAX)', () => {
  it('ends the oldest stream from an address, whoever’s it is; a forged X-Forwarded-For is no new address', async () => {
    // TRUST_PROXY unset: the socket's address is the client's, whatever X-Forwarded-For claims.
    const { app, origin } = await listeningApp({ STREAMS_PER_ADDRESS_MAX: '2' });
    const people = [await newUser(), await newUser(), await newUser()];
    const streams: EventStream[] = [];
    for (const [index, person] of people.entries()) {
      streams.push(await openItemStream(origin, person, { 'x-forwarded-for': `198.51.100.${index + 1}` }));
    }
    await expectReplaced(streams[0] as EventStream);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streams.slice(1).map((stream) => stream.isEnded)).toEqual([false, false]);
    expect(streamLimitsOf(app.app)?.countFrom('127.0.0.1')).toBe(2);
    expect(streamLimitsOf(app.app)?.countFrom('198.51.100.1')).toBe(0);
  });

  it('behind a trusted proxy (TRUST_PROXY=1), counts the client the proxy names', async () => {
    // The peer is 127.0.0.1, a private-network hop, so it is trusted to name the client.
    const { app, origin } = await listeningApp({ STREAMS_PER_ADDRESS_MAX: '2', TRUST_PROXY: '1' });
    const people = [await newUser(), await newUser(), await newUser()];
    const fromFirstClient = [
      await openItemStream(origin, people[0] as TestUser, { 'x-forwarded-for': '198.51.100.1' }),
      await openItemStream(origin, people[1] as TestUser, { 'x-forwarded-for': '198.51.100.1' }),
    ];
    const fromSecondClient = await openItemStream(origin, people[2] as TestUser, {
      'x-forwarded-for': '198.51.100.2',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...fromFirstClient, fromSecondClient].map((stream) => stream.isEnded)).toEqual([
      false,
      false,
      false,
    ]);
    expect(streamLimitsOf(app.app)?.countFrom('198.51.100.1')).toBe(2);

    // A third stream of the first client replaces its oldest; a forged leftmost value changes nothing.
    await openItemStream(origin, people[2] as TestUser, { 'x-forwarded-for': '203.0.113.50, 198.51.100.1' });
    await expectReplaced(fromFirstClient[0] as EventStream);
    expect(fromSecondClient.isEnded).toBe(false);
  });
});
