import { and, count, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

/** A database or an open transaction: authorization runs inside the transaction of a write. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Who the caller is in a workspace: its owner, or a member with a seat. */
export type WorkspaceAccess = { workspace: string; role: 'owner' | 'member' };

export const workspaceNotFound = () =>
  new AppError(
    404,
    'workspaces/not-found',
    'You are not a member of this workspace: the owner may have removed you, or you left it.',
  );

export const noSeat = () =>
  new AppError(
    403,
    'workspaces/no-seat',
    "The owner's plan now has fewer seats than members, and yours is not covered. Ask the owner to free a seat or add seats.",
  );

/**
 * Authorization for everything in a workspace (docs/teams.md): the caller is its owner, or a member
 * who joined and whose seat the owner's plan covers. Seats go to sub-users in the order they were
 * added (`created_at, id`), pending invitations included, so a member has a seat when fewer than
 * `quantity` sub-users were added before them.
 *
 * With `lock`, the membership row is locked FOR SHARE until the caller's transaction ends, so a
 * removal (which deletes it) waits for a write already authorized, and a write that starts after the
 * removal finds no row: access ends at one instant, on every instance.
 */
export async function authorizeWorkspace(
  db: Queryable,
  callerUid: string,
  workspace: string | undefined,
  options: { lock?: boolean } = {},
): Promise<WorkspaceAccess> {
  if (workspace === undefined || workspace === callerUid) return { workspace: callerUid, role: 'owner' };
  const membership = db
    .select({ createdAt: subUsers.createdAt, id: subUsers.id, seats: users.quantity })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(
      and(eq(subUsers.owner, workspace), eq(subUsers.memberId, callerUid), isNotNull(subUsers.joinedAt)),
    );
  const [member] = await (options.lock ? membership.for('share', { of: subUsers }) : membership);
  if (!member) throw workspaceNotFound();
  if (!(await holdsSeat(db, workspace, member))) throw noSeat();
  return { workspace, role: 'member' };
}

/** Whether fewer than `seats` sub-users of the workspace were added before this one. */
export async function holdsSeat(
  db: Queryable,
  workspace: string,
  row: { createdAt: Date; id: string; seats: number },
): Promise<boolean> {
  if (row.seats <= 0) return false;
  const [before] = await db
    .select({ n: count() })
    .from(subUsers)
    .where(
      and(
        eq(subUsers.owner, workspace),
        or(
          lt(subUsers.createdAt, row.createdAt),
          and(eq(subUsers.createdAt, row.createdAt), lt(subUsers.id, sql`${row.id}::uuid`)),
        ),
      ),
    );
  return (before?.n ?? 0) < row.seats;
}
