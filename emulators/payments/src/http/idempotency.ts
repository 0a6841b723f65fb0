import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { isApiPath } from './error-handling.ts';
import { requestParams } from './params.ts';
import { invalidRequest, StripeApiError } from './stripe-error.ts';

const lifetimeMs = 24 * 60 * 60 * 1000;

type Claim = { key: string; fingerprint: string; method: string; path: string; release: () => void };

/** JSON with object keys sorted, so two encodings of the same parameters compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const idempotencyError = (message: string) => new StripeApiError(400, { type: 'idempotency_error', message });

// Stripe keeps no result for a request refused before it did anything (parameters, key): a corrected
// retry with the same key then runs. Every refusal here happens before any change, so only successes
// and card declines are kept.
const keepsResult = (statusCode: number) => statusCode < 400 || statusCode === 402;

/**
 * Stripe's idempotent requests: a POST with `Idempotency-Key` runs once; the same key with the same
 * parameters replays the stored answer (`Idempotent-Replayed: true`) for 24 hours; with other
 * parameters or another endpoint it is an idempotency_error. Requests with one key wait for each
 * other, so concurrent ones also run once.
 */
export function registerIdempotency(app: FastifyInstance, context: PaymentsContext) {
  const queues = new Map<string, Promise<void>>();
  const claims = new WeakMap<FastifyRequest, Claim>();

  app.addHook('preHandler', async (request, reply) => {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const release = await waitForTurn(queues, key);
    const method = request.method;
    const path = request.url.split('?')[0] ?? '';
    const fingerprint = canonical(requestParams(request));
    const stored = context.store.state.idempotency.get(key);
    if (stored && stored.createdAtMs > Date.now() - lifetimeMs) {
      release();
      checkSameRequest(stored, { key, method, path, fingerprint });
      return reply
        .status(stored.statusCode)
        .header('Idempotent-Replayed', 'true')
        .header('Idempotency-Key', key)
        .type('application/json; charset=utf-8')
        .send(stored.body);
    }
    claims.set(request, { key, fingerprint, method, path, release });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (typeof payload === 'string' && keepsResult(reply.statusCode)) {
        context.store.state.idempotency.set(claim.key, {
          fingerprint: claim.fingerprint,
          method: claim.method,
          path: claim.path,
          statusCode: reply.statusCode,
          body: payload,
          createdAtMs: Date.now(),
        });
        await context.store.save();
      }
      reply.header('Idempotency-Key', claim.key);
    } finally {
      claim.release();
    }
    return payload;
  });

  // A request that ends without an answer (client gone) must not hold its key forever.
  const releaseClaim = async (request: FastifyRequest) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    claim.release();
  };
  app.addHook('onResponse', releaseClaim);
  app.addHook('onRequestAbort', releaseClaim);
}

/** The Idempotency-Key of an API POST; undefined when it has none (or another method or path). */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || !isApiPath(request.url)) return undefined;
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) return undefined;
  if (key.length > 255) throw invalidRequest('Idempotency-Key must be at most 255 characters long.');
  return key;
}

/** Waits for the requests ahead with the same key; the function that lets the next one go (once). */
async function waitForTurn(queues: Map<string, Promise<void>>, key: string): Promise<() => void> {
  let releaseTurn = () => {};
  const turn = new Promise<void>((resolve) => {
    releaseTurn = resolve;
  });
  const previous = queues.get(key) ?? Promise.resolve();
  const queue = previous.then(() => turn);
  queues.set(key, queue);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    releaseTurn();
    if (queues.get(key) === queue) queues.delete(key);
  };
  await previous;
  return release;
}

/** A stored answer replays only for the same endpoint and parameters. */
function checkSameRequest(
  stored: { method: string; path: string; fingerprint: string },
  request: { key: string; method: string; path: string; fingerprint: string },
) {
  const { key, method, path } = request;
  if (stored.method !== method || stored.path !== path) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  if (stored.fingerprint !== request.fingerprint) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
}
