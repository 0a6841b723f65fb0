import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
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
 * Each API key's own budget (API_KEY_RATE_LIMIT_MAX per API_KEY_RATE_LIMIT_WINDOW_MS, docs/api-keys.md):
 * every request a key makes, reads included (a program polls where a person's page listens), on every
 * route with the `authenticate` preHandler; past it, 429 `api-keys/rate-limited`. Keyed by the key, so
 * its budget is the same from any address; a person's requests pass untouched. Shared between
 * instances through Redis as the other limits are. A check of its own (createRateLimit) rather than
 * a second `rateLimit` handler: the library runs only the first of those on a request, and the
 * writes' limit comes first. Must run before the routes are declared (an onRoute hook).
 */
export function limitApiKeys(app: FastifyInstance, authenticate: Authenticate, config: RateLimitConfig) {
  const check = app.createRateLimit({
    max: config.max,
    timeWindow: config.windowMs,
    keyGenerator: (request) => callerOf(request).uid,
  });
  const refuseOverLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(
      429,
      'api-keys/rate-limited',
      `This API key made too many requests. Please wait ${Math.max(1, result.ttlInSeconds)} seconds and try again.`,
    );
  };
  // A callback hook that lets a person's request through at once: it runs on every signed-in request,
  // and an async hook would cost each of them a promise and a turn of the event loop.
  const limit: preHandlerHookHandler = (request, reply, done) => {
    if (callerOf(request).apiKey === undefined) return done();
    refuseOverLimit(request, reply).then(() => done(), done);
  };
  app.addHook('onRoute', (route) => {
    const preHandlers: preHandlerHookHandler[] = [route.preHandler ?? []].flat();
    if (!preHandlers.includes(authenticate as preHandlerHookHandler)) return;
    route.preHandler = [...preHandlers, limit];
  });
}
