import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a mailed link (an invitation, a newsletter confirmation): 32 random bytes, base64url
 * (43 characters), carried in the link's fragment. Only its hash is stored.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** SHA-256, hex: a token of 256 random bits needs no salt or slow hash to resist guessing. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
