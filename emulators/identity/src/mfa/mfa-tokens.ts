import { randomBytes } from 'node:crypto';
import type { MfaTokenRecord } from '#identity/storage/identity-state.ts';
import type { StateFile } from '#identity/storage/state-file.ts';
import { secretHash } from '#identity/users/tickets.ts';

/** Auth0: an mfa_token (and any token for the MFA API) lasts ten minutes, not configurable. */
export const mfaTokenLifetimeMs = 10 * 60 * 1000;

export async function createMfaToken(
  store: StateFile,
  record: Omit<MfaTokenRecord, 'expiresAt'>,
  now = Date.now(),
): Promise<string> {
  for (const [key, stored] of store.state.mfaTokens)
    if (stored.expiresAt <= now) store.state.mfaTokens.delete(key);
  const token = randomBytes(32).toString('base64url');
  store.state.mfaTokens.set(secretHash(token), { ...record, expiresAt: now + mfaTokenLifetimeMs });
  await store.save();
  return token;
}

export type MfaTokenLookup =
  | { status: 'valid'; record: MfaTokenRecord }
  | { status: 'expired' }
  | { status: 'unknown' };

export function findMfaToken(store: StateFile, token: string, now = Date.now()): MfaTokenLookup {
  const record = store.state.mfaTokens.get(secretHash(token));
  if (!record) return { status: 'unknown' };
  if (record.expiresAt <= now) return { status: 'expired' };
  return { status: 'valid', record };
}

/** A sign-in completed with the token: it cannot complete another. */
export function spendMfaToken(store: StateFile, token: string): void {
  store.state.mfaTokens.delete(secretHash(token));
}
