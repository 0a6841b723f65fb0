import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { newLinkToken } from '#api/http/link-token.ts';

/**
 * The link in an invitation's mail. The token is in the fragment, which browsers never send to a
 * server: it stays out of access logs, proxies and Referer headers; the page posts it in a request body.
 */
export const invitationLink = (siteOrigin: string, token: string): string =>
  `${siteOrigin}/invitation#${token}`;

/** Which sending of which invitation a mail is for: ids and a time, no secret. */
export type InvitationSending = { id: string; sentAt: string };

/**
 * Makes the link of an invitation's mail as its job runs (decision 0041): a new token, whose hash
 * replaces the stored one, while the invitation is pending, unexpired and still at the sending the
 * mail is for (a resend is a new sending with its own mail). The token exists in the mail only, never
 * in a job; a link mailed before (the invitation's own, under its reminder) stops working. Null:
 * nothing to send.
 */
export async function freshInvitationLink(
  db: Database,
  siteOrigin: string,
  sending: InvitationSending,
): Promise<string | null> {
  const { token, hash } = newLinkToken();
  const updated = await db
    .update(subUsers)
    .set({ invitationTokenHash: hash })
    .where(
      and(
        eq(subUsers.id, sending.id),
        eq(subUsers.invitationSentAt, new Date(sending.sentAt)),
        isNull(subUsers.memberId),
        gt(subUsers.invitationExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: subUsers.id });
  return updated.length > 0 ? invitationLink(siteOrigin, token) : null;
}
