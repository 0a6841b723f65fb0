import type { MemberRole } from '@launchkit/api-contract';
import { isAtSeatLimit } from '@launchkit/plans';
import { and, count, eq } from 'drizzle-orm';
import { revokeKeysMadeBy } from '#api/access/revoke-api-keys.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { SessionEnding } from '#api/sessions/session-endings.ts';
import { endEverySession } from '#api/sessions/sign-in-sessions.ts';
import { invitationExpiry } from '#api/team/invitation-token.ts';
import { removalHappening, roleChangeHappening } from '#api/team/member-happenings.ts';
import { sendInvitation } from '#api/team/send-invitation.ts';
import { ownerAsShown } from '#api/team/verified-address.ts';
import type { ScimCaller } from './scim-caller.ts';
import { ScimError } from './scim-error.ts';

export type MembershipDeps = { jobs: Pick<JobQueue, 'send'>; invitationTtlHours: number };

/** The workspace's owner as lockForScimWrite read them, and their verified address (or null). */
export type LockedOwner = {
  quantity: number;
  name: string | null;
  email: string | null;
  verified: string | null;
};

const seatsFull = (quantity: number) =>
  new ScimError(
    403,
    quantity === 0
      ? "The workspace's plan has no seats for other people. Its owner adds seats in Settings → Plan; then provision this person again."
      : `All ${quantity} seats of the workspace's plan are taken. Its owner adds seats in Settings → Plan, or deactivates someone; then provision this person again.`,
  );

/**
 * Makes the person a member (decision 0056): a membership row with the member role that is an
 * invitation until they accept it, signed in with that verified address (team/accept-invitation.ts);
 * its mail is ordered with the row. Someone the owner already added by hand is taken as they are.
 * The seat rule is add-member.ts's, under the owner's row lock that lockForScimWrite took, so two
 * provisionings for the last seat run one after the other and the second is refused.
 */
export async function addMembership(
  tx: Database,
  deps: MembershipDeps,
  caller: ScimCaller,
  owner: LockedOwner,
  person: { email: string; firstName: string; lastName: string },
): Promise<string> {
  if (owner.email?.toLowerCase() === person.email) {
    throw new ScimError(
      409,
      'This address is the workspace owner’s: the owner is never provisioned.',
      'uniqueness',
    );
  }
  const [existing] = await tx
    .select({ id: subUsers.id })
    .from(subUsers)
    .where(and(eq(subUsers.owner, caller.workspace), eq(subUsers.email, person.email)));
  if (existing) return existing.id;
  const [taken] = await tx
    .select({ seats: count() })
    .from(subUsers)
    .where(eq(subUsers.owner, caller.workspace));
  if (isAtSeatLimit(taken?.seats ?? 0, owner.quantity)) throw seatsFull(owner.quantity);
  const sentAt = new Date();
  const expiresAt = invitationExpiry(deps.invitationTtlHours, sentAt);
  const [row] = await tx
    .insert(subUsers)
    .values({
      owner: caller.workspace,
      ...person,
      role: 'member',
      invitationExpiresAt: expiresAt,
      invitationSentAt: sentAt,
    })
    .returning({ id: subUsers.id });
  if (!row) throw new Error('the SCIM membership insert returned no row');
  await recordWorkspaceEvent(tx, {
    workspace: caller.workspace,
    actor: caller.actor,
    action: 'member.invited',
    subject: person.email,
  });
  await sendInvitation(deps, tx, {
    id: row.id,
    email: person.email,
    firstName: person.firstName,
    owner: ownerAsShown({ name: owner.name, email: owner.email ?? '' }, owner.verified),
    sentAt,
    expiresAt,
  });
  return row.id;
}

/**
 * Ends a membership (deactivation or DELETE): the row goes, so its seat is free at once; the keys the
 * person made in the workspace are revoked and every session of theirs ends, in this transaction (its
 * trigger announces the workspace change, so their open live lists end on every instance). Answers
 * the sessions' ending, to apply once the transaction commits, or null for an invitation nobody took.
 */
export async function endMembership(
  tx: Database,
  caller: ScimCaller,
  rowId: string,
): Promise<SessionEnding | null> {
  const [target] = await tx
    .select({ role: subUsers.role })
    .from(subUsers)
    .where(and(eq(subUsers.id, rowId), eq(subUsers.owner, caller.workspace)))
    .for('update');
  if (!target) return null;
  const [removed] = await tx
    .delete(subUsers)
    .where(eq(subUsers.id, rowId))
    .returning({ id: subUsers.id, email: subUsers.email, memberId: subUsers.memberId });
  if (!removed) return null;
  await recordWorkspaceEvent(tx, {
    workspace: caller.workspace,
    actor: caller.actor,
    ...removalHappening(removed, target.role as MemberRole),
  });
  if (!removed.memberId) return null;
  await revokeKeysMadeBy(tx, { maker: removed.memberId, actor: caller.actor, workspace: caller.workspace });
  return endEverySession(tx, removed.memberId, Math.floor(Date.now() / 1000));
}

/**
 * Gives a membership the role of a group (never owner: the owner has no row). Logged with the role
 * before; an admin who is no longer one keeps no key they made, as in team/change-member-role.ts.
 */
export async function setMemberRole(tx: Database, caller: ScimCaller, rowId: string, role: MemberRole) {
  const [row] = await tx
    .select({ role: subUsers.role, email: subUsers.email, memberId: subUsers.memberId })
    .from(subUsers)
    .where(and(eq(subUsers.id, rowId), eq(subUsers.owner, caller.workspace)))
    .for('update');
  if (!row || row.role === role) return;
  await tx.update(subUsers).set({ role }).where(eq(subUsers.id, rowId));
  await recordWorkspaceEvent(tx, {
    workspace: caller.workspace,
    actor: caller.actor,
    ...roleChangeHappening({ ...row, id: rowId }, row.role, role),
  });
  if (row.role === 'admin' && row.memberId) {
    await revokeKeysMadeBy(tx, { maker: row.memberId, actor: caller.actor, workspace: caller.workspace });
  }
}
