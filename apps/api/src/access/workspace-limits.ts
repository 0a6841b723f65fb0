import { AsyncLocalStorage } from 'node:async_hooks';
import { limitsOf, type PlanLimits } from '@launchkit/plans';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '#api/http/app-error.ts';
import { type PlanColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';

const windowMs = 60_000;

/** What a budget check found: whether it passed, and what the `RateLimit-*` headers tell the client. */
export type BudgetUse = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/**
 * The per-plan budgets of workspaces (docs/limits.md, decision 0039): the limits of a workspace's plan
 * (its owner's) and a minute's count of what it spent. Counted in Redis when REDIS_URL is set, so every
 * instance draws on one budget; in this instance's memory otherwise. While Redis is unreachable the
 * budgets are not counted, as the other limits are not: a Redis outage must not refuse every write.
 */
export type WorkspaceLimits = {
  limitsOf(owner: PlanColumns): PlanLimits;
  spend(
    kind: 'api-requests' | 'writes' | 'scim-requests',
    workspace: string,
    limit: number,
  ): Promise<BudgetUse>;
};

export function createWorkspaceLimits(deps: { plans: PlanCatalogue; redis?: Redis }): WorkspaceLimits {
  const count = deps.redis ? redisCounter(deps.redis) : memoryCounter();
  return {
    limitsOf: (owner) => limitsOf(planStatusOf(owner, deps.plans)),
    async spend(kind, workspace, limit) {
      const used = await count(`workspace-limits:${kind}:${workspace}`);
      if (!used) return { allowed: true, limit, remaining: limit, resetSeconds: windowMs / 1000 };
      return {
        allowed: used.count <= limit,
        limit,
        remaining: Math.max(0, limit - used.count),
        resetSeconds: Math.max(1, Math.ceil(used.msLeft / 1000)),
      };
    },
  };
}

type Counter = (key: string) => Promise<{ count: number; msLeft: number } | undefined>;

/** A fixed window that starts at the key's first use: SET NX starts it, INCR keeps its expiry. */
function redisCounter(redis: Redis): Counter {
  return async (key) => {
    try {
      const replies = await redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
      const count = Number(replies?.[1]?.[1]);
      const msLeft = Number(replies?.[2]?.[1]);
      return Number.isFinite(count) ? { count, msLeft: msLeft > 0 ? msLeft : windowMs } : undefined;
    } catch {
      return undefined;
    }
  };
}

function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return async (key) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      // Ended windows go when a new one starts, so the map holds only this minute's workspaces.
      if (windows.size > 10_000)
        for (const [old, { endsAt }] of windows) if (endsAt <= now) windows.delete(old);
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, msLeft: window.endsAt - now };
  };
}

/** The `RateLimit-*` headers (IETF draft names) and, when refused, `Retry-After`. */
export function rateLimitHeaders(use: BudgetUse): Record<string, string> {
  return {
    'ratelimit-limit': String(use.limit),
    'ratelimit-remaining': String(use.remaining),
    'ratelimit-reset': String(use.resetSeconds),
    ...(!use.allowed && { 'retry-after': String(use.resetSeconds) }),
  };
}

export const workspaceWritesExceeded = (use: BudgetUse) =>
  new AppError(
    429,
    'workspaces/rate-limited',
    `This workspace made ${use.limit} changes in the last minute, the most its plan allows. Please wait ${use.resetSeconds} seconds and try again.`,
    undefined,
    rateLimitHeaders(use),
  );

// The limits of the app that answers the request, for workspace actions (in-workspace.ts), which run
// far from it. Outside a request (a job) there are none: jobs are not a workspace's requests.
const requestLimits = new AsyncLocalStorage<WorkspaceLimits>();

export function registerWorkspaceLimits(app: FastifyInstance, limits: WorkspaceLimits): void {
  // A callback hook: the rest of the request runs inside `done`, so inside the context.
  app.addHook('onRequest', (_request, _reply, done) => requestLimits.run(limits, done));
}

export const currentWorkspaceLimits = (): WorkspaceLimits | undefined => requestLimits.getStore();
