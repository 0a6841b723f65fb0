/**
 * The link in the mail. The token is in the fragment, which browsers never send to a server: it stays
 * out of access logs, proxies and Referer headers; the page posts it in a request body.
 */
export const invitationLink = (siteOrigin: string, token: string): string =>
  `${siteOrigin}/invitation#${token}`;

/** When a link made now stops working (INVITATION_TTL_HOURS). */
export const invitationExpiry = (ttlHours: number, from = new Date()): Date =>
  new Date(from.getTime() + ttlHours * 3_600_000);
