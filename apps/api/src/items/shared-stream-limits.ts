import { randomUUID } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { StreamLimits } from './stream-limits.ts';

// Keys of the registry in Redis. `alive` scores each stream by its last heartbeat: a stream of an
// instance that died without saying goodbye stops counting once its heartbeat is older than staleMs.
const keys = {
  user: (user: string) => `launchkit:streams:user:${user}`,
  address: (address: string) => `launchkit:streams:address:${address}`,
  alive: 'launchkit:streams:alive',
  evictions: 'launchkit:streams:evict',
};
const heartbeatMs = 20_000;
const staleMs = 60_000;
const registryTtlSeconds = 86_400;

// One atomic step per new stream: drop stale members, add this one, and pop the oldest streams past
// each cap. Returns the ids to end (on whichever instance holds them).
const admitScript = `
local id, now, staleBefore = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local caps = { tonumber(ARGV[4]), tonumber(ARGV[5]) }
local evicted = {}
redis.call('ZADD', KEYS[3], now, id)
for index = 1, 2 do
  local key = KEYS[index]
  for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local seen = redis.call('ZSCORE', KEYS[3], member)
    if not seen or tonumber(seen) < staleBefore then redis.call('ZREM', key, member) end
  end
  while redis.call('ZCARD', key) >= caps[index] do
    local oldest = redis.call('ZRANGE', key, 0, 0)[1]
    redis.call('ZREM', key, oldest)
    redis.call('ZREM', KEYS[1], oldest)
    redis.call('ZREM', KEYS[2], oldest)
    table.insert(evicted, oldest)
  end
  redis.call('ZADD', key, now, id)
  redis.call('EXPIRE', key, ${registryTtlSeconds})
end
return evicted
`;

type LocalStream = { user: string; address: string; end(): void };

type SharedDeps = {
  redis: Redis;
  subscriber: Redis;
  limits: { perUser: number; perAddress: number };
  log: FastifyBaseLogger;
};

/** Every few seconds, marks this instance's streams alive in the registry and drops the stale ones. */
function startHeartbeat(deps: SharedDeps, local: Map<string, LocalStream>) {
  const heartbeat = setInterval(() => {
    if (local.size === 0) return;
    const now = Date.now();
    const members = [...local.keys()].flatMap((id) => [now, id]);
    deps.redis.zadd(keys.alive, ...members).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'stream limits: heartbeat failed');
    });
    deps.redis.zremrangebyscore(keys.alive, 0, now - staleMs).catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();
  return heartbeat;
}

/** Registers a new stream; ends the oldest past each cap, here or (published) on the instance holding it. */
function register(deps: SharedDeps, id: string, stream: LocalStream, endLocal: (id: string) => boolean) {
  const now = Date.now();
  deps.redis
    .eval(
      admitScript,
      3,
      keys.user(stream.user),
      keys.address(stream.address),
      keys.alive,
      id,
      now,
      now - staleMs,
      deps.limits.perUser,
      deps.limits.perAddress,
    )
    .then(async (evicted) => {
      for (const oldest of evicted as string[]) {
        if (!endLocal(oldest)) await deps.redis.publish(keys.evictions, oldest);
      }
    })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'stream limits: Redis unreachable'));
}

/**
 * The stream caps of stream-limits.ts shared by every instance through Redis (REDIS_URL): a user's
 * eleventh stream ends their oldest one wherever it is open. The instance holding an evicted stream
 * hears of it on a Redis channel. Redis being unreachable never stops a stream: the caps then hold per
 * instance only, and the failure is logged.
 */
export function createSharedStreamLimits(deps: SharedDeps): StreamLimits & { close(): Promise<void> } {
  const { redis, subscriber, log } = deps;
  const local = new Map<string, LocalStream>();

  const endLocal = (id: string) => {
    const stream = local.get(id);
    if (!stream) return false;
    local.delete(id);
    stream.end();
    return true;
  };
  void subscriber.subscribe(keys.evictions).catch((error: unknown) => {
    log.warn({ err: error }, 'stream limits: cannot subscribe to evictions');
  });
  subscriber.on('message', (channel, id) => {
    if (channel === keys.evictions) endLocal(id);
  });
  const heartbeat = startHeartbeat(deps, local);

  const forget = (id: string) => {
    const stream = local.get(id);
    if (!stream) return;
    local.delete(id);
    redis
      .multi()
      .zrem(keys.user(stream.user), id)
      .zrem(keys.address(stream.address), id)
      .zrem(keys.alive, id)
      .exec()
      .catch((error: unknown) => log.warn({ err: error }, 'stream limits: forgetting a stream failed'));
  };

  return {
    admit(user, address, end) {
      const id = randomUUID();
      const stream = { user, address: normalizeIP(address), end };
      local.set(id, stream);
      register(deps, id, stream, endLocal);
      return () => forget(id);
    },
    countOf(user) {
      return [...local.values()].filter((stream) => stream.user === user).length;
    },
    countFrom(address) {
      const normalized = normalizeIP(address);
      return [...local.values()].filter((stream) => stream.address === normalized).length;
    },
    async close() {
      clearInterval(heartbeat);
      for (const id of [...local.keys()]) forget(id);
    },
  };
}
