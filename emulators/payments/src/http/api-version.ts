import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { versioned } from '#payments/objects/versioned.ts';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';
import { isApiPath } from './error-handling.ts';
import { registerOlderExpansions } from './expand-in-version.ts';
import { isRenderedVersion, isStripeApiVersion, oldestRenderedVersion } from './stripe-api-versions.ts';
import { invalidRequest } from './stripe-error.ts';

/**
 * Stripe's own error for a version it never had; for a real version the emulator does not render,
 * an error worded as Stripe words a version too old for a feature ("Search is not supported on api
 * version …, set the API Version of this request to 2020-08-27 or greater"). Undefined for a version
 * the emulator renders.
 */
function refusal(version: string, param?: string) {
  const where = param ? { param } : {};
  if (!isStripeApiVersion(version)) return invalidRequest(`Invalid Stripe API version: ${version}`, where);
  if (isRenderedVersion(version)) return undefined;
  return invalidRequest(
    `The payments emulator does not render API version ${version}. Update your API version, or set the API Version of this request to ${oldestRenderedVersion} or greater (up to ${apiVersion}).`,
    where,
  );
}

/** A webhook endpoint's `api_version`, checked as the Stripe-Version header is. */
export function checkApiVersionParam(version: string, param: string) {
  const error = refusal(version, param);
  if (error) throw error;
}

/** The version a request asks for in `Stripe-Version`; undefined when it names none. */
function requestedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['stripe-version'];
  if (header === undefined) return undefined;
  return (Array.isArray(header) ? header.join(', ') : header).trim();
}

/**
 * `Stripe-Version` on /v1 requests: absent means the account's default (the pinned version); a
 * version the emulator renders is answered in its shape (objects/versioned.ts, on the way out); a
 * version Stripe never had is 400 `Invalid Stripe API version: …`, as Stripe answers, and a real
 * version older than the emulator renders is 400 too, never answered in another version's shape.
 */
export function registerApiVersion(app: FastifyInstance, context: PaymentsContext) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route) || route.startsWith('/emulator/')) return;
    const version = requestedVersion(request);
    if (version === undefined) return;
    const error = refusal(version);
    if (error) throw error;
  });
  registerOlderExpansions(app, context, answeredVersion);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isApiPath(request.url) || request.url.startsWith('/emulator/') || reply.statusCode >= 400) {
      return payload;
    }
    return versioned(payload, answeredVersion(request), context.store.state);
  });
}

/**
 * The version a request is answered in (its `Stripe-Version` answer header and the shape of its
 * objects): the one asked for when the emulator renders it, else the account's default.
 */
export function answeredVersion(request: FastifyRequest): string {
  const version = requestedVersion(request);
  return version !== undefined && isRenderedVersion(version) ? version : apiVersion;
}
