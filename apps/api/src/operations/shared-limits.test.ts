import { randomBytes } from 'node:crypto';
import { planLimits } from '@launchkit/plans';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { type EventStream, openEventStream } from '#api/test/event-stream.ts';
import { listenOnLoopback, startTestApp, type TestApp } from '#api/test/test-app.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from '#api/test/test-identity-provider.ts';
import { createTestUsers } from '#api/test/test-users.ts';

// Two instances of the app on one database and one Redis (REDIS_URL): every limit is one budget.
// CI runs Redis beside PostgreSQL; without a reachable Redis this suite says so and skips. Other runs may
// share that Redis at the same time (the PostgreSQL pass, a developer's run): each run counts under
// its own address and users, and nobody's counters are wiped.
const redisServer = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUrl = `${redisServer.replace(/\/\d*$/, '')}/11`;

async function canReachRedis() {
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await canReachRedis();

// An address of the IPv6 documentation range of this run alone, random in its first 64 bits: the rate
// limiter may count an IPv6 address by its network.
const visitorAddress = `2001:db8:${randomBytes(4).toString('hex').match(/.{4}/g)?.join(':')}::1`;

describe.skipIf(!hasRedis)('limits shared through Redis by two instances', () => {
  let identity: TestIdentityProvider;
  let database: DatabaseHandle;
  const apps: TestApp[] = [];
  const streams: EventStream[] = [];
  const origins: string[] = [];

  beforeAll(async () => {
    identity = await startTestIdentityProvider();
    database = await openTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      const app = await startTestApp(
        {
          ...identity.appEnv,
          REDIS_URL: redisUrl,
          RATE_LIMIT_MAX: '3',
          WRITE_RATE_LIMIT_MAX: '4',
          STREAMS_PER_USER_MAX: '2',
        },
        { database },
      );
      apps.push(app);
      origins.push(await listenOnLoopback(app));
    }
  });

  afterAll(async () => {
    for (const stream of streams) await stream.close();
    for (const app of apps) await app.close();
    await database?.close();
    await identity?.close();
  });

  /** Sends `count` requests, the instances taking turns to answer, and returns the status codes. */
  async function statusesTakingTurns(count: number, requestFor: (attempt: number) => InjectOptions) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const app = apps[attempt % 2] as TestApp;
      const response = await app.app.inject(requestFor(attempt));
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('counts public posts from one address once, whichever instance answers', async () => {
    const statuses = await statusesTakingTurns(5, (attempt) => ({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: visitorAddress,
      payload: { email: `shared-${attempt}@example.com` },
    }));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts a user’s writes once across instances', async () => {
    const person = await createTestUsers(identity)();
    const statuses = await statusesTakingTurns(6, (attempt) => ({
      method: 'POST',
      url: '/api/items',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { name: `Write ${attempt}` },
    }));
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('counts a workspace’s changes and its keys’ requests once across instances (docs/limits.md)', async () => {
    const owner = await createTestUsers(identity)();
    const created = await (apps[0] as TestApp).app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Shared budget', role: 'member' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const authorization = `Bearer ${created.json().data.secret}`;
    const { writesPerMinute, apiRequestsPerMinute } = planLimits.free;
    // Making the key was the workspace's first change of the minute.
    const writes = await statusesTakingTurns(writesPerMinute, (attempt) => ({
      method: 'POST',
      url: '/api/items',
      headers: { authorization },
      payload: { name: `Key write ${attempt}` },
    }));
    expect(writes).toEqual([...Array(writesPerMinute - 1).fill(201), 429]);
    const reads = await statusesTakingTurns(apiRequestsPerMinute - writesPerMinute + 1, () => ({
      method: 'GET',
      url: '/api/items',
      headers: { authorization },
    }));
    expect(reads).toEqual([...Array(apiRequestsPerMinute - writesPerMinute).fill(200), 429]);
  });

  it('ends the user’s oldest stream on the other instance when a third one opens', async () => {
    const person = await createTestUsers(identity)();
    const open = async (origin: string) => {
      const stream = await openEventStream(`${origin}/api/items/stream`, {
        authorization: `Bearer ${person.token}`,
      });
      streams.push(stream);
      expect((await stream.next(5000)).type).toBe('items');
      return stream;
    };
    const [first, second] = [await open(origins[0] as string), await open(origins[1] as string)];
    const third = await open(origins[1] as string);
    await first.ended();
    expect(first.events.at(-1)).toEqual({ type: 'closed', data: '{"reason":"too-many-streams"}' });
    expect(second.isEnded).toBe(false);
    expect(third.isEnded).toBe(false);
  });
});

describe('with Redis unreachable', () => {
  it('starts after a short wait and serves; the shared limits are skipped, no request is refused', async () => {
    const startedAt = Date.now();
    const app = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1/0', RATE_LIMIT_MAX: '1' });
    try {
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_900);
      for (const attempt of [1, 2]) {
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          remoteAddress: visitorAddress,
          payload: { email: `no-redis-${attempt}@example.com` },
        });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
