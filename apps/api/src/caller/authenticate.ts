import { endpoints } from '@launchkit/api-contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#api/http/app-error.ts';
import { apiKeyNotAllowed } from './api-key-errors.ts';
import { isApiKeySecret } from './api-key-secret.ts';
import { type AccessTokenVerifier, InvalidTokenError, type VerifiedIdentity } from './verify-access-token.ts';
import { type ApiKeyIdentity, type ApiKeyVerifier, apiKeyActorId } from './verify-api-key.ts';

/**
 * Who calls: a person, as their verified access token says, or a workspace's API key (`apiKey`), whose
 * `uid` is then `api-key:<id>` (no person's: it owns no workspace and has no user record).
 */
export type Caller = VerifiedIdentity & { apiKey?: ApiKeyIdentity };

/** The contract's endpoints a key may call (`apiKeys: true`); every other one refuses keys. */
const keyEndpointIds = new Set(endpoints.flatMap((entry) => (entry.apiKeys ? [entry.id] : [])));

// docs/product.md §8: this code makes the browser log the user out, so every token problem answers with
// it.
const invalidToken = (message: string) => new AppError(401, 'auth/invalid-user-token', message);

const identities = new WeakMap<FastifyRequest, Caller>();

/**
 * A preHandler for routes that need a signed-in user or, where the contract allows it, an API key;
 * `callerOf(request)` then returns who it is. A key is told from an access token by its `lk_` start,
 * before any token verification, and checked against the database (`verifyApiKey`); on a route
 * without `apiKeys: true` a good key is refused (403 `auth/api-key-not-allowed`).
 */
export function createAuthenticate(verify: AccessTokenVerifier, verifyApiKey: ApiKeyVerifier) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization ?? '';
    const [scheme, token, ...rest] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw invalidToken('Sign in to continue: the request has no bearer access token.');
    }
    if (isApiKeySecret(token)) {
      const key = await verifyApiKey(token);
      const endpointId = request.routeOptions.config.endpointId;
      if (endpointId === undefined || !keyEndpointIds.has(endpointId)) throw apiKeyNotAllowed();
      identities.set(request, {
        uid: apiKeyActorId(key.id),
        authTime: 0,
        // A stream of the key ends when the key expires (stream-items.ts); without an expiry, never.
        expiresAt: key.expiresAt ?? Number.MAX_SAFE_INTEGER / 1000,
        scope: [],
        // The secret goes no further than this function.
        token: '',
        secondFactor: false,
        apiKey: key,
      });
      return;
    }
    try {
      identities.set(request, await verify(token));
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) {
        // The provider's key set could not be fetched: the token may well be fine.
        request.log.error({ err: error }, 'access token verification failed');
        throw new AppError(
          503,
          'identity_unavailable',
          'The sign-in service is not reachable. Try again shortly.',
        );
      }
      request.log.info({ reason: error.message }, 'access token rejected');
      throw invalidToken('Your session has expired or is not valid. Please sign in again.');
    }
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;

/**
 * Makes the request act as `caller` from here on: an operator's "view as" (impersonation.ts), once the
 * operator's own token and grant were checked. Nothing else changes who a request is.
 */
export function actAs(request: FastifyRequest, caller: Caller): void {
  identities.set(request, caller);
}

export function callerOf(request: FastifyRequest): Caller {
  const identity = identities.get(request);
  if (!identity) throw new Error('callerOf() used on a route without the authenticate preHandler');
  return identity;
}
