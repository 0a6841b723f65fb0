import type { FastifyRequest } from 'fastify';
import { type Authenticate, callerOf } from '#api/auth/authenticate.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { findOrCreateUser, type UserRow } from './user-document.ts';

const usersOf = new WeakMap<FastifyRequest, UserRow>();

/**
 * The check of every signed-in route (`auth: 'bearer'`): the access token verified
 * (auth/authenticate.ts), then the caller's user record ensured, here and nowhere else — docs/product.md
 * §4: the first authenticated call creates it. A route then reads the record with `userOf(request)`.
 */
export function createSignedInCheck(deps: {
  authenticate: Authenticate;
  db: Database;
  identity: IdentityConfig;
}): Authenticate {
  return async function signedIn(request: FastifyRequest) {
    await deps.authenticate(request);
    usersOf.set(request, await findOrCreateUser(deps.db, deps.identity, callerOf(request)));
  };
}

/** The caller's user record as it was when the request was authenticated. */
export function userOf(request: FastifyRequest): UserRow {
  const user = usersOf.get(request);
  if (!user) throw new Error('userOf() used on a route without the signed-in check');
  return user;
}
