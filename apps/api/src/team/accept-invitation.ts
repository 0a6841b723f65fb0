import type { Workspace } from '@launchkit/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import { memberRole } from '#api/access/authorize-workspace.ts';
import { rowHoldsSeat } from '#api/access/seat-order.ts';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import { hashLinkToken } from '#api/http/link-token.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { askProvider } from '#api/users/ask-provider.ts';
import type { UserRow } from '#api/users/user-document.ts';
import {
  invitationEmailNotVerified,
  invitationExpired,
  invitationForAnotherEmail,
  invitationNotFound,
  invitationToOwnWorkspace,
  invitationUsed,
  noSeatToJoin,
} from './invitation-errors.ts';
import { toWorkspace, workspaceOwnerColumns } from './workspace-document.ts';

/**
 * The invited person joins the owner's workspace. Their user document is made first, so someone who
 * just signed up through the link can join on their first call. Everything after is one transaction
 * that locks the invitation's row: two accepts, or an accept and a resend or removal, run one after
 * the other, and each sees what the other did. The owner's mail is ordered in it. The unique (owner, member_id) pair refuses a second
 * membership of the same person in one workspace even if two of their invitations race.
 */
export async function acceptInvitation(
  deps: {
    db: Database;
    identity: IdentityConfig;
    management: ManagementClient;
    plans: PlanCatalogue;
    jobs: Pick<JobQueue, 'send'>;
  },
  me: UserRow,
  token: string,
): Promise<Workspace> {
  // The invited address must be proven the person's: the provider's own record says which address the
  // account has now and whether its owner has verified it (the local copy follows the provider).
  const account = await askProvider(deps.identity, () => deps.management.getUser(me.id));
  const hash = hashLinkToken(token);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: subUsers.id,
          owner: subUsers.owner,
          email: subUsers.email,
          memberId: subUsers.memberId,
          expiresAt: subUsers.invitationExpiresAt,
        })
        .from(subUsers)
        .where(eq(subUsers.invitationTokenHash, hash))
        .for('update');
      if (!row) throw invitationNotFound();
      if (row.memberId) throw invitationUsed();
      if (!row.expiresAt || row.expiresAt <= new Date()) throw invitationExpired();
      if (row.owner === me.id) throw invitationToOwnWorkspace(row.email);
      if ((account.email ?? me.email).toLowerCase() !== row.email) throw invitationForAnotherEmail(row.email);
      if (!account.email_verified) throw invitationEmailNotVerified(row.email);
      // Already a member through another row of this owner (joined before under an older address).
      const [already] = await tx
        .select({ id: subUsers.id })
        .from(subUsers)
        .where(and(eq(subUsers.owner, row.owner), eq(subUsers.memberId, me.id)));
      if (already) throw invitationUsed();
      const [place] = await tx
        .select({ owner: workspaceOwnerColumns, hasSeat: rowHoldsSeat, role: memberRole })
        .from(subUsers)
        .innerJoin(users, eq(users.id, subUsers.owner))
        .where(eq(subUsers.id, row.id));
      if (!place) throw invitationNotFound();
      if (!place.hasSeat) throw noSeatToJoin();
      await tx.update(subUsers).set({ memberId: me.id, joinedAt: sql`now()` }).where(eq(subUsers.id, row.id));
      await recordWorkspaceEvent(tx, {
        workspace: row.owner,
        actor: me.id,
        action: 'member.joined',
        subject: row.email,
        event: {
          type: 'member.joined',
          data: { member: { id: row.id, email: row.email, userId: me.id, role: place.role } },
        },
      });
      // The owner hears of it (docs/jobs.md): once per membership row, with the join.
      if (place.owner.email) {
        await queueMail(deps.jobs, tx, {
          key: `member-joined:${row.id}`,
          to: place.owner.email,
          recipientId: place.owner.id,
          template: 'member-joined',
          props: { memberEmail: row.email },
        });
      }
      return toWorkspace(place.owner, { role: place.role, hasSeat: true }, deps.plans);
    });
  } catch (error) {
    if (isOwnerMemberConflict(error)) throw invitationUsed();
    throw error;
  }
}

/** The unique (owner, member_id) violation, however the driver wraps it. */
function isOwnerMemberConflict(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    // "sub_users": the table's name, and so its constraint's, since the first release.
    if (code === '23505' && (constraint === undefined || constraint === 'sub_users_owner_member_unique')) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
