import type { CallerKind, MemberRole, WorkspaceRole } from '@launchkit/api-contract';
import { and, eq, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import { apiKeyExpired, apiKeyRevoked } from '#api/caller/api-key-errors.ts';
import type { Queryable } from '#api/db/database.ts';
import { apiKeys, subUsers, users, workspaceSso } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { type PlanColumns, planColumns } from '#api/plans/plan-status.ts';
import { rowsAddedBefore } from './seat-order.ts';
import { requireUnlocked } from './workspace-lock.ts';

/**
 * Who the caller is in a workspace: its owner, or a member with a seat and their role (`sub_users.role`),
 * and how they called. What the role may do is checked with requirePermission (require-permission.ts).
 */
export type WorkspaceAccess = {
  workspace: string;
  role: WorkspaceRole;
  kind: CallerKind;
  /** The owner's plan as their row holds it, read with `lock` (a write): the workspace's limits follow it. */
  ownerPlan?: PlanColumns;
};

/**
 * Who asks, as their verified token says: the person, and whether their sign-in passed a second factor;
 * or a workspace's API key (`apiKey`, docs/api-keys.md), whose `uid` is `api-key:<id>`.
 */
export type WorkspaceCaller = {
  uid: string;
  secondFactor: boolean;
  /** The organization the person signed in through (`org_id`, single sign-on), if any. */
  organization?: string;
  apiKey?: { id: string; name: string; workspace: string; role: MemberRole };
};

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

export const secondFactorRequired = () =>
  new AppError(
    403,
    'workspaces/second-factor-required',
    "This workspace's owner asks members to sign in with two-factor authentication. Turn it on in Settings → Security, then sign in again with your code.",
  );

// A workspace id is an owner's uid; one with control characters is no one's, and PostgreSQL would
// refuse a NUL with an error rather than a miss.
export const isPlausibleWorkspaceId = (id: string) => /^[^\p{Cc}]{1,200}$/u.test(id);

/** The caller's membership of the workspace, once they joined (values, or placeholders of a prepared query). */
export const joinedMembership = (workspace: string | SQLWrapper, callerUid: string | SQLWrapper) =>
  and(eq(subUsers.owner, workspace), eq(subUsers.memberId, callerUid), isNotNull(subUsers.joinedAt));

/** A member's role as the row holds it (the table's check allows only these). */
export const memberRole = sql<MemberRole>`${subUsers.role}`;

/** What a member's access is decided on: their membership row with the owner's `quantity` and requirements. */
export type MemberAccessRow = {
  addedBefore: number;
  seats: number;
  requiresSecondFactor: boolean;
  role: MemberRole;
  /** The workspace's organization at the identity provider (single sign-on), if it has one. */
  organizationId: string | null;
  /** The owner requires members to sign in through the workspace's single sign-on. */
  requiresSso: boolean;
};

/**
 * The workspace's single sign-on as a member's access reads it (docs/sso.md), by the owner's id
 * (`users.id` of the statement): its organization, and whether members must sign in through it.
 */
export const ssoAccessColumns = {
  organizationId: sql<
    string | null
  >`(select ${workspaceSso.organizationId} from ${workspaceSso} where ${workspaceSso.workspace} = ${users.id})`,
  requiresSso: sql<boolean>`coalesce((select ${workspaceSso.requireSso} from ${workspaceSso} where ${workspaceSso.workspace} = ${users.id}), false)`,
};

export const ssoRequired = () =>
  new AppError(
    403,
    'workspaces/sso-required',
    "This workspace's owner requires single sign-on: sign out, then sign in with your work email, which takes you to your company's sign-in.",
  );

export const otherOrganization = () =>
  new AppError(
    403,
    'workspaces/other-organization',
    "You signed in through another organization's single sign-on. Sign out, then sign in again to open this workspace.",
  );

/**
 * A member's access as their membership row says (read with `rowsAddedBefore`, the owner's `quantity`
 * and `requires_second_factor`); undefined: no joined membership. Refuses as every workspace route
 * does: not a member, then no second factor where the owner requires one, then no seat.
 */
export function requireMemberAccess(
  member: MemberAccessRow | undefined,
  caller: WorkspaceCaller,
): asserts member is MemberAccessRow {
  if (!member) throw workspaceNotFound();
  // A sign-in through an organization opens that organization's workspace only (decision 0055).
  if (caller.organization !== undefined && caller.organization !== member.organizationId)
    throw otherOrganization();
  if (member.requiresSso && caller.organization === undefined) throw ssoRequired();
  if (member.requiresSecondFactor && !caller.secondFactor) throw secondFactorRequired();
  if (member.addedBefore >= member.seats) throw noSeat();
}

export type AuthorizeOptions = {
  /** Lock the membership (and the owner's row) until the caller's transaction ends: for writes. */
  lock?: boolean;
  /**
   * With `lock`, lock the owner's `users` row for the owner as well (FOR NO KEY UPDATE), for a write
   * that counts the workspace's rows (the item limit): concurrent ones queue behind each other, and
   * the caller needs no statement of its own. A member's write always locks it.
   */
  lockOwnerRow?: boolean;
};

/**
 * Authorization for everything in a workspace (docs/team.md): the caller is its owner, or a member
 * who joined, signed in with a second factor if the owner requires it, and whose seat the owner's plan
 * covers. Seats go to members in the order they were
 * added (`created_at, id`), pending invitations included, so a member has a seat when fewer than
 * `quantity` members were added before them. The owner costs no query to read and one to write (their
 * plan's row, which the workspace's limits follow), a member one (two locked); and every caller one more,
 * the lock an operator may have put on the workspace (workspace-lock.ts).
 *
 * With `lock`, the membership row is locked FOR SHARE until the caller's transaction ends, so a
 * removal (which deletes it) waits for a write already authorized, and a write that starts after the
 * removal finds no row: access ends at one instant, on every instance.
 *
 * Lock order: the owner's `users` row (FOR NO KEY UPDATE, which the foreign-key checks of rows
 * referencing the owner do not conflict with) before the membership row. A write then never holds
 * the membership while it waits for the owner's row, so it cannot deadlock with a removal that locks
 * the owner's row first (as seat counting does), nor with one that only deletes the membership. And
 * members' writes queue on the owner's row rather than pile up share locks on the membership, which
 * would let each new one in ahead of a waiting removal: the removal waits for the one write under
 * way. Code that locks both must keep this order. The owner's row is locked only if the caller is a
 * member, so nobody can hold up a workspace they do not belong to.
 */
export async function authorizeWorkspace(
  db: Queryable,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  options: AuthorizeOptions = {},
): Promise<WorkspaceAccess> {
  const access = await findWorkspaceAccess(db, caller, workspace, options);
  // After the membership checks: someone who is no member learns nothing of a lock.
  await requireUnlocked(db, access.workspace);
  return access;
}

async function findWorkspaceAccess(
  db: Queryable,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  options: AuthorizeOptions,
): Promise<WorkspaceAccess> {
  if (caller.apiKey) return authorizeApiKey(db, caller.apiKey, workspace, options);
  const callerUid = caller.uid;
  if (workspace === undefined || workspace === callerUid) {
    if (!options.lock) return { workspace: callerUid, role: 'owner', kind: 'session' };
    const own = db.select(planColumns).from(users).where(eq(users.id, callerUid));
    const [ownerPlan] = options.lockOwnerRow ? await own.for('no key update') : await own;
    if (!ownerPlan) throw new Error(`user ${callerUid} vanished before a write in their workspace`);
    return { workspace: callerUid, role: 'owner', kind: 'session', ownerPlan };
  }
  if (!isPlausibleWorkspaceId(workspace)) throw workspaceNotFound();
  let member: MemberAccessRow | undefined;
  let ownerPlan: PlanColumns | undefined;
  if (options.lock) {
    const [owner] = await db
      .select({
        seats: users.quantity,
        requiresSecondFactor: users.requiresSecondFactor,
        ...ssoAccessColumns,
        ...planColumns,
      })
      .from(users)
      .where(
        and(
          eq(users.id, workspace),
          // Checked before the row is locked: a row the WHERE rejects is not locked.
          sql`exists (select 1 from ${subUsers} where ${joinedMembership(workspace, callerUid)})`,
        ),
      )
      .for('no key update');
    if (!owner) throw workspaceNotFound();
    const [row] = await db
      .select({ addedBefore: rowsAddedBefore, role: memberRole })
      .from(subUsers)
      .where(joinedMembership(workspace, callerUid))
      .for('share');
    member = row && { ...row, ...owner };
    ownerPlan = owner;
  } else {
    [member] = await db
      .select({
        addedBefore: rowsAddedBefore,
        seats: users.quantity,
        requiresSecondFactor: users.requiresSecondFactor,
        ...ssoAccessColumns,
        role: memberRole,
      })
      .from(subUsers)
      .innerJoin(users, eq(users.id, subUsers.owner))
      .where(joinedMembership(workspace, callerUid));
  }
  requireMemberAccess(member, caller);
  return { workspace, role: member.role, kind: 'session', ...(ownerPlan && { ownerPlan }) };
}

/**
 * An API key's access (docs/api-keys.md): its own workspace only (absent: that one; any other is not
 * found), with its role, kind 'api-key'. The key was checked when the request was authenticated; it is
 * read again here by its id, in the caller's transaction, so a revocation is seen by the checks of a
 * live list (live-items.ts) and, with `lock`, holds as a removal does: the row is locked FOR SHARE
 * until the write commits, so a revocation waits for a write already authorized and any write that
 * starts after it finds the key revoked. Lock order as for members: the owner's row first.
 */
async function authorizeApiKey(
  db: Queryable,
  key: NonNullable<WorkspaceCaller['apiKey']>,
  workspace: string | undefined,
  options: AuthorizeOptions,
): Promise<WorkspaceAccess> {
  if (workspace !== undefined && workspace !== key.workspace) throw workspaceNotFound();
  let ownerPlan: PlanColumns | undefined;
  if (options.lock) {
    [ownerPlan] = await db
      .select(planColumns)
      .from(users)
      .where(eq(users.id, key.workspace))
      .for('no key update');
    if (!ownerPlan) throw workspaceNotFound();
  }
  const current = db
    .select({
      role: sql<MemberRole>`${apiKeys.role}`,
      isRevoked: sql<boolean>`${apiKeys.revokedAt} is not null`,
      isExpired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, key.id), eq(apiKeys.workspace, key.workspace)));
  const [row] = options.lock ? await current.for('share') : await current;
  if (!row || row.isRevoked) throw apiKeyRevoked();
  if (row.isExpired) throw apiKeyExpired();
  return { workspace: key.workspace, role: row.role, kind: 'api-key', ...(ownerPlan && { ownerPlan }) };
}
