import type { InvitationPreview } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { hashLinkToken } from '#api/http/link-token.ts';
import { invitationNotFound } from './invitation-errors.ts';

/**
 * Who invited whom, for the invitation page before anyone signs in. Only the token's holder learns
 * it: the token is 256 random bits, and this public endpoint is rate-limited per address.
 */
export async function lookUpInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({
      email: subUsers.email,
      memberId: subUsers.memberId,
      expiresAt: subUsers.invitationExpiresAt,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.invitationTokenHash, hashLinkToken(token)));
  if (!row) throw invitationNotFound();
  const status = row.memberId ? 'used' : row.expiresAt && row.expiresAt > new Date() ? 'pending' : 'expired';
  return {
    email: row.email,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
