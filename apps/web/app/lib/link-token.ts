/**
 * The token of a mailed link's fragment (`#abc…`), or null when it has none. Tokens are base64url, so
 * nothing needs decoding; anything else is sent as it is and the server says the link is incomplete.
 */
export function tokenOfHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return token === '' ? null : token;
}
