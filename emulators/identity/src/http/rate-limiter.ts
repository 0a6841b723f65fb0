import type { FastifyReply } from 'fastify';
import type { IdentityConfig } from '#identity/config.ts';
import { HttpError } from './http-error.ts';

/** Where a key stands after a request: what the x-ratelimit-* headers say. */
export type RateLimitState = {
  isAllowed: boolean;
  /** The burst: x-ratelimit-limit. */
  limit: number;
  /** Requests left now: x-ratelimit-remaining. */
  remaining: number;
  /** UNIX time (seconds) when the bucket is full again: x-ratelimit-reset. */
  resetAt: number;
  /** Seconds until the next request is allowed (Retry-After), when refused. */
  retryAfterSeconds: number;
};

type Bucket = { tokens: number; updatedAt: number };

/**
 * Auth0's rate-limit algorithm, a token bucket per key: a burst of `burst` requests, refilled at
 * `perMinute`. Kept in memory: limits need not survive a restart.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;
  readonly burst: number;
  readonly perMinute: number;

  constructor(burst: number, perMinute: number) {
    this.burst = burst;
    this.perMinute = perMinute;
    this.refillPerMs = perMinute / 60_000;
  }

  /** Counts one request for the key; a refused request is not counted. */
  take(key: string, now = Date.now()): RateLimitState {
    if (this.buckets.size > 10_000) this.prune(now);
    const bucket = this.refilled(key, now);
    const isAllowed = bucket.tokens >= 1;
    if (isAllowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return {
      isAllowed,
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      resetAt: Math.ceil((now + (this.burst - bucket.tokens) / this.refillPerMs) / 1000),
      retryAfterSeconds: isAllowed
        ? 0
        : Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000)),
    };
  }

  /** Whether the key has no request left now, without counting one. */
  isExhausted(key: string, now = Date.now()): boolean {
    return this.refilled(key, now).tokens < 1;
  }

  /** Fills the key's bucket again: an answer that proves more than the ones counted. */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.burst, updatedAt: now };
    const tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    return { tokens, updatedAt: now };
  }

  /** Forgets the keys whose bucket has refilled: they start full anyway. */
  private prune(now: number) {
    for (const key of this.buckets.keys()) {
      if (this.refilled(key, now).tokens >= this.burst) this.buckets.delete(key);
    }
  }
}

/** The x-ratelimit-* headers Auth0 sends with the answers of a rate-limited endpoint. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
    ...(state.isAllowed ? {} : { 'Retry-After': String(state.retryAfterSeconds) }),
  };
}

/** Puts the headers on a reply; when the request is over the limit, throws Auth0's 429. */
export function enforceRateLimit(reply: FastifyReply, state: RateLimitState, description: string): void {
  const headers = rateLimitHeaders(state);
  if (!state.isAllowed) {
    throw new HttpError(429, { error: 'too_many_requests', error_description: description }, headers);
  }
  reply.headers(headers);
}

/** One limiter per limited operation, shared by every route that performs it. */
export function createRateLimiters(config: IdentityConfig) {
  const limits = config.rateLimits;
  if (!limits) return {};
  return {
    resetRequests: new RateLimiter(limits.resetRequests.burst, limits.resetRequests.perMinute),
    userinfo: new RateLimiter(limits.userinfo.burst, limits.userinfo.perMinute),
    loginAttempts: new RateLimiter(limits.loginAttempts.burst, limits.loginAttempts.perMinute),
    management: new RateLimiter(limits.management.burst, limits.management.perMinute),
  };
}
