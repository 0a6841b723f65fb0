import type { Member, MemberRole, MemberStatus } from '@launchkit/api-contract';
import { isoTimestamp } from '#api/db/iso-timestamp.ts';
import { subUsers } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { AppError } from '#api/http/app-error.ts';

/**
 * The columns of a member as the API shows it. The times come as the API's text from PostgreSQL: a
 * list of 200 members parsed 600 timestamps into dates only to print them again (docs/capacity.md).
 * No aliases: Drizzle maps an aliased expression of every row through three failed type checks.
 */
export const memberColumns = {
  id: subUsers.id,
  owner: subUsers.owner,
  email: subUsers.email,
  firstName: subUsers.firstName,
  lastName: subUsers.lastName,
  createdAt: isoTimestamp(subUsers.createdAt),
  memberId: subUsers.memberId,
  joinedAt: isoTimestamp(subUsers.joinedAt),
  invitationExpiresAt: isoTimestamp(subUsers.invitationExpiresAt),
  role: subUsers.role,
};

export type MemberRow = {
  id: string;
  owner: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  memberId: string | null;
  joinedAt: string | null;
  invitationExpiresAt: string | null;
  role: string;
  hasSeat: boolean;
};

/**
 * Joined: a member. Otherwise the link is out and valid, or it expired (rows from before invitations
 * existed have none, and the owner sends one by resending).
 */
export function statusOf(
  row: Pick<MemberRow, 'memberId' | 'invitationExpiresAt'>,
  now = Date.now(),
): MemberStatus {
  if (row.memberId) return 'member';
  return row.invitationExpiresAt && Date.parse(row.invitationExpiresAt) > now ? 'invited' : 'expired';
}

/**
 * A member as the owner's list shows it: the spec's UserManagement record (docs/product.md §3), the
 * contract's `member`.
 */
export function toMember(row: MemberRow, now = Date.now()): Member {
  return {
    id: row.id,
    owner: row.owner,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
    status: statusOf(row, now),
    memberId: row.memberId,
    // The table's check (`sub_users_role`) allows only the member roles.
    role: row.role as MemberRole,
    joinedAt: row.joinedAt,
    invitationExpiresAt: row.invitationExpiresAt,
    hasSeat: Boolean(row.hasSeat),
  };
}

/**
 * Every id that is not one of the caller's members gets the same answer: someone else's, removed
 * already, or not a uuid at all (which PostgreSQL would refuse with an error, not a miss).
 */
export const memberNotFound = () =>
  new AppError(
    404,
    'not_found',
    'There is no such person in this workspace: they may have been removed already. Reload the list.',
  );

export function assertMemberRecordId(id: string) {
  if (!isUuid(id)) throw memberNotFound();
}

export type { Member };
