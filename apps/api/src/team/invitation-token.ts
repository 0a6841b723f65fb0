import { createHash, randomBytes } from 'node:crypto';

/**
 * A new invitation link's secret: 32 random bytes, base64url (43 characters, what the contract's
 * `invitationRequest` accepts). Only its SHA-256 is stored, so a copy of the database opens no
 * workspace; the token itself exists in the mail alone.
 */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** SHA-256, hex: a token of 256 random bits needs no salt or slow hash to resist guessing. */
export const hashInvitationToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * The link in the mail. The token is in the fragment, which browsers never send to a server: it stays
 * out of access logs, proxies and Referer headers; the page posts it in a request body.
 */
export const invitationLink = (siteOrigin: string, token: string): string =>
  `${siteOrigin}/invitation#${token}`;

/** When a link made now stops working (INVITATION_TTL_HOURS). */
export const invitationExpiry = (ttlHours: number, from = new Date()): Date =>
  new Date(from.getTime() + ttlHours * 3_600_000);
