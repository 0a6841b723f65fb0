import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { optionalParam, requiredParam } from '#identity/http/request-params.ts';
import type { Device } from '#identity/tokens/refresh-tokens.ts';

export type Params = Record<string, unknown>;
export type Client = { id: string; secret?: string };

/** The calling client, from HTTP Basic or the body (RFC 6749 §2.3.1), which must be one of the tenant's. */
export function knownClientOf(context: IdentityContext, request: FastifyRequest, params: Params): Client {
  const client = clientOf(request, params);
  const { config } = context;
  if (client.id !== config.webClientId && client.id !== config.managementClient.id) {
    throw oauthError(401, 'access_denied', 'Unauthorized');
  }
  return client;
}

function clientOf(request: FastifyRequest, params: Params): Client {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) throw oauthError(401, 'access_denied', 'Unauthorized');
    return { id: safeDecode(decoded.slice(0, colon)), secret: safeDecode(decoded.slice(colon + 1)) };
  }
  return { id: requiredParam(params, 'client_id'), secret: optionalParam(params, 'client_secret') };
}

export function grantNotAllowed(grantType: string) {
  return oauthError(403, 'unauthorized_client', `Grant type '${grantType}' not allowed for the client.`);
}

/** The browser of a token request, for its refresh token's record. */
export function deviceOf(request: FastifyRequest): Device {
  return { userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512), ip: request.ip };
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
