import type { Workspace } from '@launchkit/api-contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { memberRole } from '#api/access/authorize-workspace.ts';
import { rowHoldsSeat } from '#api/access/seat-order.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { toWorkspace, workspaceOwnerColumns } from './workspace-document.ts';

/**
 * The workspaces the caller can open (the top bar's switcher): their own first, then those they
 * joined, newest joined first, each with the caller's role in it and whether the owner's plan still
 * covers their seat.
 */
export async function listWorkspaces(
  deps: { db: Database; plans: PlanCatalogue },
  own: UserRow,
): Promise<Workspace[]> {
  const joined = await deps.db
    .select({ owner: workspaceOwnerColumns, hasSeat: rowHoldsSeat, role: memberRole })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(and(eq(subUsers.memberId, own.id), isNotNull(subUsers.joinedAt)))
    .orderBy(desc(subUsers.joinedAt), desc(subUsers.id));
  return [
    toWorkspace(own, { role: 'owner', hasSeat: true }, deps.plans),
    ...joined.map((row) => toWorkspace(row.owner, { role: row.role, hasSeat: row.hasSeat }, deps.plans)),
  ];
}
