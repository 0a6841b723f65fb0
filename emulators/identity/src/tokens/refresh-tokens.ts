import { randomBytes } from 'node:crypto';
import type { RefreshTokenRecord } from '#identity/storage/identity-state.ts';
import type { StateFile } from '#identity/storage/state-file.ts';
import { secretHash } from '#identity/users/tickets.ts';

/** An opaque refresh token (scope offline_access); only its hash is kept. It lives until revoked. */
export async function createRefreshToken(store: StateFile, record: RefreshTokenRecord): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  store.state.refreshTokens.set(secretHash(token), record);
  await store.save();
  return token;
}

export function findRefreshToken(store: StateFile, token: string): RefreshTokenRecord | undefined {
  return store.state.refreshTokens.get(secretHash(token));
}

export async function revokeRefreshToken(store: StateFile, token: string, clientId: string): Promise<void> {
  const key = secretHash(token);
  // Another client's token is left alone, silently, as RFC 7009 answers 200 for unknown tokens.
  if (store.state.refreshTokens.get(key)?.clientId !== clientId) return;
  store.state.refreshTokens.delete(key);
  await store.save();
}
