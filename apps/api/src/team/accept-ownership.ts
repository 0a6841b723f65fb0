import type { OwnershipOffer, Workspace } from '@launchkit/api-contract';
import { isPlanInForce } from '@launchkit/plans';
import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { isPlausibleWorkspaceId } from '#api/access/authorize-workspace.ts';
import { customerOwnerJob } from '#api/billing/customer-owner.ts';
import { planFieldsOf } from '#api/billing/sync-plan.ts';
import type { Caller } from '#api/caller/authenticate.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { ownershipTransfers, subUsers, users } from '#api/db/schema.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { planColumns } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { transferWorkspace } from './transfer-workspace.ts';
import { toWorkspace } from './workspace-document.ts';

export type AcceptOwnershipDeps = {
  db: Database;
  plans: PlanCatalogue;
  jobs: Pick<JobQueue, 'send'>;
  itemsPerUser: number;
};

const offerNotFound = () =>
  new AppError(
    404,
    'workspaces/transfer-not-found',
    'This offer is no longer open: the owner withdrew it or made another, it expired, or you are no longer a member of the workspace.',
  );

const recipientHasPlan = () =>
  new AppError(
    409,
    'workspaces/transfer-recipient-has-plan',
    'You have a plan of your own, and a workspace has one plan. Cancel yours in Settings → Billing (it ends with the period you paid for), then accept the offer.',
  );

const overItemLimit = (limit: number, theirs: number, yours: number) =>
  new AppError(
    409,
    'workspaces/transfer-over-item-limit',
    `Your ${theirs.toLocaleString('en-US')} items and the workspace's ${yours.toLocaleString('en-US')} would pass the limit of ${limit.toLocaleString('en-US')} in one workspace. Delete some of your items first.`,
  );

/** The offers made to `uid` that are open: not expired, and they are still a joined member there. */
const openOffersTo = (db: Queryable, uid: string, workspace?: string) =>
  db
    .select({
      workspace: ownershipTransfers.workspace,
      ownerName: users.name,
      ownerEmail: users.email,
      expiresAt: ownershipTransfers.expiresAt,
      status: users.stripeSubscriptionStatus,
      memberRowId: subUsers.id,
    })
    .from(ownershipTransfers)
    .innerJoin(users, eq(users.id, ownershipTransfers.workspace))
    .innerJoin(
      subUsers,
      and(
        eq(subUsers.owner, ownershipTransfers.workspace),
        eq(subUsers.memberId, uid),
        isNotNull(subUsers.joinedAt),
      ),
    )
    .where(
      and(
        eq(ownershipTransfers.toMember, uid),
        gt(ownershipTransfers.expiresAt, sql`now()`),
        workspace === undefined ? undefined : eq(ownershipTransfers.workspace, workspace),
      ),
    );

/** The workspaces offered to the caller (the banner and the offer's page). */
export async function listOwnershipOffers(db: Database, caller: Caller): Promise<OwnershipOffer[]> {
  const offers = await openOffersTo(db, caller.uid);
  return offers.map((offer) => ({
    workspace: offer.workspace,
    ownerName: offer.ownerName,
    ownerEmail: offer.ownerEmail,
    expiresAt: offer.expiresAt.toISOString(),
    hasPlan: isPlanInForce(offer.status),
  }));
}

/** "Ada Lovelace" as a member row's first and last name; an account without a name by its address. */
function memberNameOf(name: string | null, email: string) {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return first
    ? { firstName: first, lastName: rest.join(' ') }
    : { firstName: email.split('@')[0] || email, lastName: '' };
}

/** The plan's columns of `users` (billing/sync-plan.ts writes them): what moves with the workspace. */
const billingColumns = {
  stripeCustomerId: users.stripeCustomerId,
  ...planColumns,
  quantity: users.quantity,
  trialEnd: users.trialEnd,
  currentPeriodEnd: users.currentPeriodEnd,
  nextPaymentAttempt: users.nextPaymentAttempt,
  planSyncTicket: users.planSyncTicket,
};

// No customer and no plan: the plan's columns as the sync writes them for a customer without one.
const noBilling = { stripeCustomerId: null, ...planFieldsOf(undefined) };

/**
 * The member accepts the workspace offered to them (docs/team.md, "Ownership transfer"; decision 0033),
 * in one transaction under the old owner's row: the workspace joins the caller's own
 * (team/transfer-workspace.ts), the old owner becomes an admin in the seat the caller held, and a plan
 * in force moves with its customer, seats and periods (the caller must have none of their own: one
 * workspace, one plan); the offer goes. A job then tells the payment provider who its customer is.
 * A workspace without a plan in force moves alone: each keeps their own billing.
 */
export async function acceptOwnershipOffer(
  deps: AcceptOwnershipDeps,
  caller: Caller,
  workspace: string,
): Promise<Workspace> {
  if (!isPlausibleWorkspaceId(workspace) || workspace === caller.uid) throw offerNotFound();
  const accepted = await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ email: users.email, name: users.name, billing: billingColumns })
      .from(users)
      .where(eq(users.id, workspace))
      .for('update');
    if (!owner) throw offerNotFound();
    const [offer] = await openOffersTo(tx, caller.uid, workspace).for('update', { of: ownershipTransfers });
    if (!offer) throw offerNotFound();
    const [recipient] = await tx
      .select({ status: users.stripeSubscriptionStatus })
      .from(users)
      .where(eq(users.id, caller.uid))
      .for('update');
    if (!recipient) throw offerNotFound();
    const planMoves = isPlanInForce(owner.billing.stripeSubscriptionStatus);
    if (planMoves && isPlanInForce(recipient.status)) throw recipientHasPlan();

    const newOwner = await transferWorkspace(
      tx,
      { itemsPerUser: deps.itemsPerUser, actor: { id: workspace, email: owner.email }, overItemLimit },
      workspace,
      offer.memberRowId,
    );

    // The old owner stays, as an admin in the seat the new owner held (its place in the order of addition).
    const ownerAddress = owner.email.trim().toLowerCase();
    await tx
      .delete(subUsers)
      .where(
        and(
          eq(subUsers.owner, caller.uid),
          or(eq(subUsers.memberId, workspace), eq(subUsers.email, ownerAddress)),
        ),
      );
    await tx.insert(subUsers).values({
      owner: caller.uid,
      email: ownerAddress,
      ...memberNameOf(owner.name, ownerAddress),
      createdAt: newOwner.memberSince,
      memberId: workspace,
      joinedAt: sql`now()`,
      role: 'admin',
    });

    if (planMoves) {
      // The old owner's columns first: the customer id is unique.
      await tx
        .update(users)
        .set({ ...noBilling, updatedAt: sql`now()` })
        .where(eq(users.id, workspace));
      // The sync ticket too: it is the one of the sync that wrote these columns (billing/sync-plan.ts).
      await tx
        .update(users)
        .set({ ...owner.billing, updatedAt: sql`now()` })
        .where(eq(users.id, caller.uid));
      const customerId = owner.billing.stripeCustomerId;
      if (customerId) await deps.jobs.send(customerOwnerJob, { customerId }, { tx });
    }
    // The offer, and any the new owner had made of their own workspace: it is another workspace now.
    await tx
      .delete(ownershipTransfers)
      .where(or(eq(ownershipTransfers.workspace, workspace), eq(ownershipTransfers.workspace, caller.uid)));
    const [row] = await tx.select().from(users).where(eq(users.id, caller.uid));
    if (!row) throw offerNotFound();
    return row;
  });
  return toWorkspace(accepted, { role: 'owner', hasSeat: true }, deps.plans);
}

/** The member declines the workspace offered to them; the owner's log records it. */
export async function declineOwnershipOffer(db: Database, caller: Caller, workspace: string): Promise<void> {
  if (!isPlausibleWorkspaceId(workspace)) throw offerNotFound();
  await db.transaction(async (tx) => {
    const [offer] = await openOffersTo(tx, caller.uid, workspace);
    if (!offer) throw offerNotFound();
    await tx
      .delete(ownershipTransfers)
      .where(and(eq(ownershipTransfers.workspace, workspace), eq(ownershipTransfers.toMember, caller.uid)));
    await recordWorkspaceEvent(tx, {
      workspace,
      actor: caller.uid,
      action: 'ownership.declined',
      subject: offer.ownerEmail,
    });
  });
}
