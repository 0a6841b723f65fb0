import {
  type AccountDeleted,
  type DeleteAccountRequest,
  deletedActorLabel,
  deletionConfirmationMismatch,
  deletionConfirmationWithoutEmail,
} from '@launchkit/api-contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { revokeKeysMadeBy } from '#api/access/revoke-api-keys.ts';
import { requireRecentLogin } from '#api/caller/recent-sign-in.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import {
  activity,
  deletedAccounts,
  items,
  mails,
  newsletterSubscriptions,
  subUsers,
  users,
} from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import type { SessionEnding, SessionEndings } from '#api/sessions/session-endings.ts';
import { announce } from '#api/sessions/sign-in-sessions.ts';
import { hasJoinedMembers, type NewOwner, transferWorkspace } from '#api/team/transfer-workspace.ts';
import { accountDeletedError } from '#api/users/user-document.ts';
import { accountDeletionProviderJob } from './delete-at-providers.ts';

export type DeleteAccountDeps = {
  db: Database;
  identity: IdentityConfig;
  jobs: Pick<JobQueue, 'send'>;
  sessionEndings: Pick<SessionEndings, 'apply'>;
  itemsPerUser: number;
};

// Subscriptions in these statuses can no longer be charged: nothing to tell the person about them.
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/** What the person must type: their email (any case), or the word for an account without one. */
const expectedConfirmation = (email: string) => email.trim() || deletionConfirmationWithoutEmail;

const confirmationMismatch = (expected: string) => {
  const message = deletionConfirmationMismatch(expected);
  return new AppError(400, 'account/confirmation-mismatch', message, { confirmation: message });
};

const deletionOverItemLimit = (limit: number, theirs: number, yours: number) =>
  new AppError(
    409,
    'account/transfer-over-item-limit',
    `Together with the ${theirs.toLocaleString('en-US')} items of their own workspace, your ${yours.toLocaleString('en-US')} items would pass the limit of ${limit.toLocaleString('en-US')}. Delete some items first, or delete the workspace instead.`,
  );

const choiceRequired = () =>
  new AppError(
    409,
    'account/workspace-choice-required',
    'Members have joined your workspace: transfer it to one of them, or delete it, before you delete your account.',
  );

/**
 * Settings → Your data, "Delete my account" (docs/decisions/0032-account-deletion.md). One transaction,
 * under the lock of the person's row, does everything the product holds: the account is marked deleted
 * (every instance refuses its tokens from the commit on, users/signed-in-user.ts), its workspace goes to
 * a member or is deleted, the memberships elsewhere end with a "left" entry, the person's address is
 * replaced with "Deleted user" in every activity entry that named them (the entries stay), the records
 * of mail to them go, and their row goes with everything that hangs on it (items, members, sessions,
 * exports). The confirmation mail and the providers' job are ordered in the same transaction, from
 * values read before the row went: a failure anywhere leaves the account as it was.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  caller: VerifiedIdentity,
  request: DeleteAccountRequest,
): Promise<AccountDeleted> {
  const uid = caller.uid;
  const ending: SessionEnding = { uid, accountDeletedAt: Math.floor(Date.now() / 1000) };
  const newOwner = await deps.db.transaction(async (tx) => {
    // FOR UPDATE: adds, accepts and members' writes in this workspace wait, then find no owner; a
    // second deletion waits, then finds no row.
    const [person] = await tx.select().from(users).where(eq(users.id, uid)).for('update');
    if (!person) throw accountDeletedError();
    const expected = expectedConfirmation(person.email);
    if (request.confirmation.trim().toLowerCase() !== expected.toLowerCase()) {
      throw confirmationMismatch(expected);
    }
    requireRecentLogin(deps.identity, caller);
    if (!request.workspace && (await hasJoinedMembers(tx, uid))) throw choiceRequired();

    // A choice made while members had joined, but an offer of the workspace was accepted first.
    let transferredTo = request.workspace ? await acceptedTransferOf(tx, uid) : null;
    if (!transferredTo && request.workspace === 'transfer' && request.transferTo !== undefined) {
      transferredTo = await transferWorkspace(
        tx,
        {
          itemsPerUser: deps.itemsPerUser,
          // The person is being deleted: the entry names them as their other entries will.
          actor: { id: uid, email: deletedActorLabel },
          overItemLimit: deletionOverItemLimit,
        },
        uid,
        request.transferTo,
      );
    }

    await tx.insert(deletedAccounts).values({ userId: uid }).onConflictDoNothing();
    await announce(tx, ending);
    // The workspaces the person had joined: each log says they left (as "Deleted user").
    await tx.execute(sql`
      insert into ${activity} (workspace, actor_id, actor_email, action, subject)
      select ${subUsers.owner}, ${uid}, ${deletedActorLabel}, 'member.left', ${deletedActorLabel}
      from ${subUsers}
      where ${subUsers.memberId} = ${uid} and ${subUsers.joinedAt} is not null`);
    // The keys they made anywhere, those of a workspace transferred just now included.
    await revokeKeysMadeBy(tx, { maker: uid, actor: uid });
    await replaceInActivity(tx, uid, person.email.toLowerCase());
    if (person.email) {
      const address = person.email.toLowerCase();
      // The records of mail to them (a mail not sent yet is then skipped, mail/send-mail-job.ts), and a
      // newsletter subscription of the same address: nothing keeps their address but the mail below.
      await tx.delete(mails).where(eq(mails.recipient, address));
      await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, address));
      await queueMail(deps.jobs, tx, {
        key: `account-deleted:${uid}`,
        to: person.email,
        template: 'account-deleted',
        props: {
          name: person.name,
          workspace: transferredTo ? 'transferred' : 'deleted',
          newOwnerEmail: transferredTo?.email ?? null,
          hadSubscription:
            person.stripeSubscriptionStatus !== null && !endedStatuses.has(person.stripeSubscriptionStatus),
        },
      });
    }
    await deps.jobs.send(accountDeletionProviderJob, { uid, customerId: person.stripeCustomerId }, { tx });
    // Cascades (schema.ts): their items and members unless transferred, their memberships elsewhere,
    // their sessions, their data exports, their own log.
    await tx.delete(users).where(eq(users.id, uid));
    return transferredTo;
  });
  deps.sessionEndings.apply(ending);
  return { workspace: newOwner ? 'transferred' : 'deleted' };
}

/**
 * The member the person's workspace went to by an ownership offer they accepted, when nothing has been
 * made in it since (no item, member or log entry: the workspace left with all of them). A deletion that
 * waited for the person's row behind that acceptance (team/accept-ownership.ts locks it too) finds
 * this: the workspace has just moved, there is nothing of it to delete or transfer, and the answer says
 * where it went.
 */
async function acceptedTransferOf(tx: Pick<Database, 'select'>, uid: string): Promise<NewOwner | null> {
  const remains = [
    tx.select({ id: items.id }).from(items).where(eq(items.owner, uid)).limit(1),
    tx.select({ id: subUsers.id }).from(subUsers).where(eq(subUsers.owner, uid)).limit(1),
    tx.select({ id: activity.id }).from(activity).where(eq(activity.workspace, uid)).limit(1),
  ];
  for (const rows of remains) if ((await rows).length > 0) return null;
  const [moved] = await tx
    .select({ uid: activity.workspace, email: users.email, at: activity.createdAt })
    .from(activity)
    .innerJoin(users, eq(users.id, activity.workspace))
    .where(and(eq(activity.actorId, uid), eq(activity.action, 'workspace.transferred')))
    .orderBy(desc(activity.createdAt))
    .limit(1);
  return moved ? { uid: moved.uid, email: moved.email, memberSince: moved.at } : null;
}

/**
 * Every entry that names the person gets "Deleted user" instead: as the one who acted (found by
 * `activity_actor_id_idx`), and as the subject of the team's entries (invited, joined, removed, left)
 * in the workspaces they acted in or hold a membership or invitation of (each found by its log's
 * index). An address an owner typed into an invitation that was withdrawn before anyone joined stays
 * in that owner's log: it is the owner's record, and nothing of the person's ever reached it.
 */
async function replaceInActivity(tx: Pick<Database, 'execute'>, uid: string, address: string) {
  if (address) {
    await tx.execute(sql`
      update ${activity} set subject = ${deletedActorLabel}
      where action like 'member.%' and subject = ${address}
        and workspace in (
          select distinct workspace from ${activity} where actor_id = ${uid}
          union select ${subUsers.owner} from ${subUsers} where ${subUsers.email} = ${address}
        )`);
  }
  await tx.execute(sql`update ${activity} set actor_email = ${deletedActorLabel} where actor_id = ${uid}`);
}
