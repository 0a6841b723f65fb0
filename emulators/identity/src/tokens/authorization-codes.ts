import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthorizationCodeRecord } from '#identity/storage/identity-state.ts';
import type { StateFile } from '#identity/storage/state-file.ts';
import { secretHash } from '#identity/users/tickets.ts';

// Short-lived, as RFC 6749 §4.1.2 asks (ten minutes at most): the browser exchanges it at once.
export const authorizationCodeLifetimeMs = 60_000;

export async function createAuthorizationCode(
  store: StateFile,
  record: Omit<AuthorizationCodeRecord, 'expiresAt'>,
): Promise<string> {
  const now = Date.now();
  // Expired codes go when a new one is made, so the state file does not collect them.
  for (const [key, each] of store.state.authorizationCodes)
    if (each.expiresAt <= now) store.state.authorizationCodes.delete(key);
  const code = randomBytes(24).toString('base64url');
  store.state.authorizationCodes.set(secretHash(code), {
    ...record,
    expiresAt: now + authorizationCodeLifetimeMs,
  });
  await store.save();
  return code;
}

export type CodeRedemption =
  | { ok: true; record: AuthorizationCodeRecord }
  | { ok: false; description: string };

/**
 * Spends a code: it works once (spent even when the rest of the exchange is wrong, so a stolen code
 * tried with guesses dies), for its client, with its redirect_uri and the verifier of its challenge.
 */
export async function redeemAuthorizationCode(
  store: StateFile,
  exchange: {
    code: string;
    clientId: string;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
  },
): Promise<CodeRedemption> {
  const key = secretHash(exchange.code);
  const record = store.state.authorizationCodes.get(key);
  if (!record) return { ok: false, description: 'Invalid authorization code' };
  store.state.authorizationCodes.delete(key);
  await store.save();
  if (record.expiresAt <= Date.now() || record.clientId !== exchange.clientId)
    return { ok: false, description: 'Invalid authorization code' };
  if (exchange.redirectUri !== record.redirectUri) return { ok: false, description: 'Invalid redirect_uri' };
  if (record.codeChallenge !== undefined && !verifierMatches(exchange.codeVerifier, record.codeChallenge))
    return { ok: false, description: 'Failed to verify code verifier' };
  return { ok: true, record };
}

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) equals the challenge. */
function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
