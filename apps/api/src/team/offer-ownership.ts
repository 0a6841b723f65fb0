import { type OwnershipTransfer, ownershipTransferTtlDays } from '@launchkit/api-contract';
import { isPlanInForce } from '@launchkit/plans';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Caller } from '#api/caller/authenticate.ts';
import { requireRecentLogin } from '#api/caller/recent-sign-in.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { ownershipTransfers, subUsers, users } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { countOwnershipOfferMail } from './ownership-offer-limits.ts';
import { memberNotFound } from './transfer-workspace.ts';
import { presentedAddress, verifiedAddressOf } from './verified-address.ts';

export type OwnershipOfferDeps = {
  db: Database;
  identity: IdentityConfig;
  jobs: Pick<JobQueue, 'send'>;
  management: ManagementClient;
};

/**
 * The open offer of `workspace`: one whose time has not run out, made to someone who is still a joined
 * member (one who left or was removed can no longer accept it, so it is not shown as open).
 */
export async function openTransferOf(db: Queryable, workspace: string): Promise<OwnershipTransfer | null> {
  const [row] = await db
    .select({
      memberId: subUsers.id,
      email: subUsers.email,
      createdAt: ownershipTransfers.createdAt,
      expiresAt: ownershipTransfers.expiresAt,
    })
    .from(ownershipTransfers)
    .innerJoin(
      subUsers,
      and(
        eq(subUsers.owner, ownershipTransfers.workspace),
        eq(subUsers.memberId, ownershipTransfers.toMember),
        isNotNull(subUsers.joinedAt),
      ),
    )
    .where(and(eq(ownershipTransfers.workspace, workspace), gt(ownershipTransfers.expiresAt, sql`now()`)));
  return row
    ? { ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }
    : null;
}

/**
 * The owner offers their workspace to a joined member (docs/team.md, "Ownership transfer"): one offer
 * at a time, so a new one replaces the open one; a recent sign-in, as for deleting the account, since
 * the workspace and its billing change hands. The member is mailed, within the limits of
 * ownership-offer-limits.ts, and the log records the offer.
 */
export async function offerOwnership(
  deps: OwnershipOfferDeps,
  caller: Caller,
  memberRowId: string,
): Promise<OwnershipTransfer> {
  requireRecentLogin(deps.identity, caller);
  if (!isUuid(memberRowId)) throw memberNotFound();
  // Asked before the transaction, which holds the owner's row: the provider's answer takes a while.
  const verified = await verifiedAddressOf(deps.management, caller.uid);
  return deps.db.transaction(async (tx) => {
    // The owner's row first (the lock order of authorize-workspace.ts): an acceptance waits for it.
    const [owner] = await tx
      .select({
        email: users.email,
        status: users.stripeSubscriptionStatus,
      })
      .from(users)
      .where(eq(users.id, caller.uid))
      .for('update');
    if (!owner) throw memberNotFound();
    const [member] = await tx
      .select({ memberId: subUsers.memberId, email: subUsers.email })
      .from(subUsers)
      .where(and(eq(subUsers.id, memberRowId), eq(subUsers.owner, caller.uid), isNotNull(subUsers.joinedAt)));
    if (!member?.memberId) throw memberNotFound();
    await countOwnershipOfferMail(tx, { workspace: caller.uid, toMember: member.memberId });

    const expiresAt = sql`now() + make_interval(days => ${ownershipTransferTtlDays})`;
    const offer = writtenRow(
      await tx
        .insert(ownershipTransfers)
        .values({ workspace: caller.uid, toMember: member.memberId, expiresAt })
        .onConflictDoUpdate({
          target: ownershipTransfers.workspace,
          set: { toMember: member.memberId, createdAt: sql`now()`, expiresAt },
        })
        .returning(),
      'the ownership offer insert',
    );
    await recordWorkspaceEvent(tx, {
      workspace: caller.uid,
      actor: caller.uid,
      action: 'ownership.offered',
      subject: member.email,
    });
    await queueMail(deps.jobs, tx, {
      key: `ownership-offered:${caller.uid}:${offer.createdAt.getTime()}`,
      to: member.email,
      recipientId: member.memberId,
      template: 'ownership-offered',
      props: {
        ownerVerifiedEmail: presentedAddress(owner.email, verified),
        workspace: caller.uid,
        expiresAt: offer.expiresAt.toISOString(),
        hasPlan: isPlanInForce(owner.status),
      },
    });
    return {
      memberId: memberRowId,
      email: member.email,
      createdAt: offer.createdAt.toISOString(),
      expiresAt: offer.expiresAt.toISOString(),
    };
  });
}

/** The owner withdraws their open offer; the log records it. Withdrawing none changes nothing. */
export async function withdrawOwnership(db: Database, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await openTransferOf(tx, caller.uid);
    const deleted = await tx
      .delete(ownershipTransfers)
      .where(eq(ownershipTransfers.workspace, caller.uid))
      .returning({ workspace: ownershipTransfers.workspace });
    if (open && deleted.length > 0) {
      await recordWorkspaceEvent(tx, {
        workspace: caller.uid,
        actor: caller.uid,
        action: 'ownership.withdrawn',
        subject: open.email,
      });
    }
  });
}
