import type { SubUser } from '@app/api-contract';
import { subUsers } from '#api/db/schema.ts';

export const subUserColumns = {
  id: subUsers.id,
  owner: subUsers.owner,
  email: subUsers.email,
  firstName: subUsers.firstName,
  lastName: subUsers.lastName,
  createdAt: subUsers.createdAt,
};

type SubUserRow = {
  id: string;
  owner: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
};

/** A UserManagement record (§3) as the browser sees it (the contract's `subUser`). */
export function toSubUser(row: SubUserRow): SubUser {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export type { SubUser };
