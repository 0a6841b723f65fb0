import type { SubUser, SubUserStatus } from '@app/api-contract';
import { subUsers } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

export const subUserColumns = {
  id: subUsers.id,
  owner: subUsers.owner,
  email: subUsers.email,
  firstName: subUsers.firstName,
  lastName: subUsers.lastName,
  createdAt: subUsers.createdAt,
  memberId: subUsers.memberId,
  joinedAt: subUsers.joinedAt,
  invitationExpiresAt: subUsers.invitationExpiresAt,
};

export type SubUserRow = {
  id: string;
  owner: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  memberId: string | null;
  joinedAt: Date | null;
  invitationExpiresAt: Date | null;
  hasSeat: boolean;
};

/**
 * Joined: a member. Otherwise the link is out and valid, or it expired (rows from before invitations
 * existed have none, and the owner sends one by resending).
 */
export function statusOf(
  row: Pick<SubUserRow, 'memberId' | 'invitationExpiresAt'>,
  now = new Date(),
): SubUserStatus {
  if (row.memberId) return 'member';
  return row.invitationExpiresAt && row.invitationExpiresAt > now ? 'invited' : 'expired';
}

/** A UserManagement record (§3) as the browser sees it (the contract's `subUser`). */
export function toSubUser(row: SubUserRow): SubUser {
  return {
    id: row.id,
    owner: row.owner,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
    status: statusOf(row),
    memberId: row.memberId,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
    hasSeat: Boolean(row.hasSeat),
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every id that is not one of the caller's sub-users gets the same answer: someone else's, removed
 * already, or not a uuid at all (which PostgreSQL would refuse with an error, not a miss).
 */
export const subUserNotFound = () =>
  new AppError(
    404,
    'not_found',
    'There is no such person in your workspace: they may have been removed already. Reload the list.',
  );

export function assertSubUserId(id: string) {
  if (!uuidPattern.test(id)) throw subUserNotFound();
}

export type { SubUser };
