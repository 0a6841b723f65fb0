import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

// The request being answered, for code far from it: a provider call made on a request's behalf carries
// that request's id, so one id finds the request in our logs and in the provider's.
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function registerRequestContext(app: FastifyInstance): void {
  // A callback hook: the handler runs inside `done`, so inside the context.
  app.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));
}

/**
 * `X-Request-Id` for a call made on behalf of the current request; nothing outside one (at startup or
 * in a timer of its own).
 */
export function requestIdHeader(): Record<string, string> {
  const requestId = requestContext.getStore()?.requestId;
  return requestId ? { 'X-Request-Id': requestId } : {};
}
