import type { Workspace } from '@launchkit/api-contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { rowHoldsSeat } from '#api/access/seat-order.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { toWorkspace, workspaceOwnerColumns } from './workspace-document.ts';

/**
 * The workspaces the caller can open (the top bar's switcher): their own first, then those they
 * joined, newest joined first, each with the caller's role in it and whether the owner's plan still
 * covers their seat. One query reads the caller's own record and the workspaces they joined; the
 * record comes from `ownRecord` only when that query did not find it (made by this very request).
 */
export async function listWorkspaces(
  deps: { db: Database; plans: PlanCatalogue },
  callerUid: string,
  ownRecord: () => Promise<UserRow>,
): Promise<Workspace[]> {
  const own = deps.db
    .select({
      owner: workspaceOwnerColumns,
      hasSeat: sql<boolean>`true`,
      role: sql<Workspace['role']>`'owner'`,
      // 0 for the caller's own workspace, then 1, 2, … in the order the switcher lists the others.
      rank: sql<number>`0`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, callerUid));
  const joined = deps.db
    .select({
      owner: workspaceOwnerColumns,
      hasSeat: rowHoldsSeat,
      role: sql<Workspace['role']>`${subUsers.role}`,
      rank: sql<number>`row_number() over (order by ${subUsers.joinedAt} desc, ${subUsers.id} desc)`.mapWith(
        Number,
      ),
    })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(and(eq(subUsers.memberId, callerUid), isNotNull(subUsers.joinedAt)));
  const rows = (await unionAll(own, joined)).sort((one, other) => one.rank - other.rank);
  if (rows[0]?.rank !== 0) rows.unshift({ owner: await ownRecord(), hasSeat: true, role: 'owner', rank: 0 });
  return rows.map((row) => toWorkspace(row.owner, { role: row.role, hasSeat: row.hasSeat }, deps.plans));
}
