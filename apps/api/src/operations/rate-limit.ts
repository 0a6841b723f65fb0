import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import { rateLimitHeaders, type WorkspaceLimits } from '#api/access/workspace-limits.ts';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import type { ApiKeyIdentity } from '#api/caller/verify-api-key.ts';
import { AppError } from '#api/http/app-error.ts';

export type RateLimitConfig = { max: number; windowMs: number };

/**
 * Per-IP limit for the public POST endpoints (newsletter, contact), answered in the API envelope with
 * 429 `rate_limited`. Each route counts on its own. The address is `request.ip`, which follows
 * TRUST_PROXY: unset, a forged X-Forwarded-For is ignored.
 */
export function publicPostLimit(config: RateLimitConfig): RateLimitOptions {
  const seconds = Math.ceil(config.windowMs / 1000);
  return {
    max: config.max,
    timeWindow: config.windowMs,
    errorResponseBuilder: () =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests from your address. Please wait ${seconds} seconds and try again.`,
      ),
  };
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Per-user limit on the writes of signed-in users (WRITE_RATE_LIMIT_MAX per WRITE_RATE_LIMIT_WINDOW_MS):
 * every POST, PUT, PATCH or DELETE route with the `authenticate` preHandler (items, members,
 * auth-user, checkout, billing portal) gets one more preHandler after it, so the count is keyed by
 * the verified uid, not the address: people behind one office address do not share a budget, and one
 * token does not get a new budget per address. One budget for all those routes, per app instance;
 * past it, 429 `rate_limited_user`. Must run before the routes are declared (an onRoute hook). An API
 * key is not counted here: it has a budget of its own (limitApiKeys).
 */
export function limitSignedInWrites(
  app: FastifyInstance,
  authenticate: Authenticate,
  config: RateLimitConfig,
) {
  const limit = app.rateLimit({
    max: config.max,
    timeWindow: config.windowMs,
    keyGenerator: (request) => callerOf(request).uid,
    allowList: (request) => callerOf(request).apiKey !== undefined,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited_user',
        `You are making changes too quickly. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });
  app.addHook('onRoute', (route) => {
    const isWrite = [route.method].flat().some((method) => writeMethods.has(method));
    const preHandlers: preHandlerHookHandler[] = [route.preHandler ?? []].flat();
    if (!isWrite || !preHandlers.includes(authenticate as preHandlerHookHandler)) return;
    route.preHandler = [...preHandlers, limit as preHandlerHookHandler];
  });
}

/**
 * The API keys' budget (docs/limits.md): every request a workspace's keys make, reads included (a
 * program polls where a person's page listens), counts against the requests a minute its plan allows,
 * on every route with the `authenticate` preHandler; past it, 429 `api-keys/rate-limited`. Keyed by the
 * workspace, so a second key buys no second budget; every answer to a key carries the `RateLimit-*`
 * headers. A person's requests pass untouched (their writes have limitSignedInWrites and the
 * workspace's budget, in-workspace.ts). Must run before the routes are declared (an onRoute hook).
 */
export function limitApiKeys(app: FastifyInstance, authenticate: Authenticate, limits: WorkspaceLimits) {
  const refuseOverBudget = async (key: ApiKeyIdentity, reply: FastifyReply) => {
    const perMinute = limits.limitsOf(key.ownerPlan).apiRequestsPerMinute;
    const use = await limits.spend('api-requests', key.workspace, perMinute);
    reply.headers(rateLimitHeaders(use));
    if (use.allowed) return;
    throw new AppError(
      429,
      'api-keys/rate-limited',
      `This workspace's API keys made ${use.limit} requests in the last minute, the most its plan allows. Please wait ${use.resetSeconds} seconds and try again.`,
    );
  };
  // A callback hook that lets a person's request through at once: it runs on every signed-in request,
  // and an async hook would cost each of them a promise and a turn of the event loop.
  const limit: preHandlerHookHandler = (request, reply, done) => {
    const key = callerOf(request).apiKey;
    if (key === undefined) return done();
    refuseOverBudget(key, reply).then(() => done(), done);
  };
  app.addHook('onRoute', (route) => {
    const preHandlers: preHandlerHookHandler[] = [route.preHandler ?? []].flat();
    if (!preHandlers.includes(authenticate as preHandlerHookHandler)) return;
    route.preHandler = [...preHandlers, limit];
  });
}
