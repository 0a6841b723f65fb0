import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidRequest } from './stripe-error.ts';

const form = 'application/x-www-form-urlencoded';

/** Whether the request carries a body (a length above zero, or a chunked one). */
function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Stripe's /v1 API reads form-encoded bodies only; any other body (JSON included) is refused before
 * it is parsed, with the answer Stripe gives an unsupported content type ("Invalid request:
 * unsupported Content-Type text/plain; charset=utf-8. If error persists …", as quoted in SDK issue
 * threads; decision 0046). Refusing here, not parsing and carrying on, means a client that posts
 * JSON finds out from the emulator rather than from Stripe. The emulator's own /emulator routes keep
 * taking JSON. A body-less request (the SDK's GETs send the form type anyway) is never refused.
 */
export function registerFormBodiesOnly(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/v1/') || !hasBody(request)) return;
    const type = request.headers['content-type'] ?? '';
    if (type.split(';')[0]?.trim().toLowerCase() === form) return;
    throw invalidRequest(
      `Invalid request: unsupported Content-Type ${type || '(none)'}. If error persists and you need assistance, please contact support@stripe.com.`,
    );
  });
}
