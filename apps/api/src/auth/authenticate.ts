import type { FastifyRequest } from 'fastify';
import { AppError } from '#api/http/app-error.ts';
import { type AccessTokenVerifier, InvalidTokenError, type VerifiedIdentity } from './verify-access-token.ts';

// docs/product.md §8: this code makes the browser log the user out, so every token problem answers with
// it.
const invalidToken = (message: string) => new AppError(401, 'auth/invalid-user-token', message);

const identities = new WeakMap<FastifyRequest, VerifiedIdentity>();

/** A preHandler for routes that need a signed-in user; `callerOf(request)` then returns who it is. */
export function createAuthenticate(verify: AccessTokenVerifier) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization ?? '';
    const [scheme, token, ...rest] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw invalidToken('Sign in to continue: the request has no bearer access token.');
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

export function callerOf(request: FastifyRequest): VerifiedIdentity {
  const identity = identities.get(request);
  if (!identity) throw new Error('callerOf() used on a route without the authenticate preHandler');
  return identity;
}
