import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './error-handling.ts';
import { StripeApiError } from './stripe-error.ts';

const missingKeyMessage =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** Stripe shows a wrong key with its middle starred out. */
const masked = (key: string) =>
  key.length <= 12
    ? `${key.slice(0, 3)}***`
    : `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 24))}${key.slice(-4)}`;

const unauthorized = (message: string) =>
  new StripeApiError(
    401,
    { type: 'invalid_request_error', message },
    { 'WWW-Authenticate': 'Basic realm="Stripe"' },
  );

/** The key of `Authorization: Bearer <key>`, or of Basic auth with the key as the user name. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value || undefined;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.split(':')[0] || undefined;
  }
  return undefined;
}

/**
 * Every /v1 and /emulator route needs the secret key. An unknown route answers its 404 whatever the
 * key (the hook runs for matched routes only), as Stripe does.
 */
export function registerAuthentication(app: FastifyInstance, secretKey: string) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route)) return;
    const key = presentedKey(request);
    if (key === undefined) throw unauthorized(missingKeyMessage);
    if (key !== secretKey) throw unauthorized(`Invalid API Key provided: ${masked(key)}`);
  });
}
