import type { UserDocument } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { deletedAccounts, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The user document as the browser sees it (docs/product.md §3), keyed by the identity provider's
 * subject, with the plan the billing webhook wrote and what it means (`planId` from the price id,
 * `planIsActive`). Its shape is the contract's `userDocument`.
 */
export function toUserDocument(row: UserRow, plans: PlanCatalogue): UserDocument {
  return {
    uid: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    createdAt: row.createdAt.toISOString(),
    stripePriceId: row.stripePriceId,
    stripeSubscriptionStatus: row.stripeSubscriptionStatus,
    quantity: row.quantity,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    nextPaymentAttempt: row.nextPaymentAttempt?.toISOString() ?? null,
    ...planStatusOf(row, plans),
  };
}

export type { UserDocument };

type IdentityProfile = { sub: string; email?: string; name?: string; picture?: string };

/** The provider's `/userinfo` for the caller's own token: the trustworthy source of their email. */
async function fetchIdentityProfile(identity: IdentityConfig, token: string): Promise<IdentityProfile> {
  const response = await fetch(`${identity.origin}/userinfo`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (response?.status === 401) {
    throw new AppError(
      401,
      'auth/invalid-user-token',
      'Your session is no longer valid. Please sign in again.',
    );
  }
  if (!response?.ok) {
    throw new AppError(
      503,
      'identity_unavailable',
      'The sign-in service is not reachable. Try again shortly.',
    );
  }
  return (await response.json()) as IdentityProfile;
}

const prepareUserLookup = (db: Database) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('uid')))
    .prepare('user_by_id');
const userLookups = new WeakMap<Database, ReturnType<typeof prepareUserLookup>>();

/**
 * The user row by id, as a prepared statement: nearly every authenticated request reads it, and
 * building the query anew each time cost more than the rest of the request's own work (bench/auth).
 */
async function findUser(db: Database, uid: string): Promise<UserRow | undefined> {
  let lookup = userLookups.get(db);
  if (!lookup) {
    lookup = prepareUserLookup(db);
    userLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ uid });
  return row;
}

/** A token of an account its owner deleted (account/delete-account.ts): the browser signs out. */
export const accountDeletedError = () =>
  new AppError(
    401,
    'auth/account-deleted',
    'This account has been deleted. Sign up to use the product again.',
  );

/**
 * §4: the first authenticated call creates the user document with the email, and orders the welcome
 * mail with it (docs/jobs.md). Concurrent first calls are safe: the insert does nothing when another
 * request created the row a moment earlier, and that request ordered the mail. An account deleted by
 * its owner is never made again under its uid (`deleted_accounts`): that costs a query only here, on
 * the way to creating a record.
 */
export async function findOrCreateUser(
  deps: { db: Database; identity: IdentityConfig; jobs: Pick<JobQueue, 'send'> },
  caller: { uid: string; token: string },
): Promise<UserRow> {
  const { db, identity } = deps;
  const existing = await findUser(db, caller.uid);
  if (existing) return existing;
  const [deleted] = await db
    .select({ uid: deletedAccounts.userId })
    .from(deletedAccounts)
    .where(eq(deletedAccounts.userId, caller.uid));
  if (deleted) throw accountDeletedError();
  const profile = await fetchIdentityProfile(identity, caller.token);
  if (profile.sub !== caller.uid) {
    throw new AppError(
      401,
      'auth/invalid-user-token',
      'Your session is no longer valid. Please sign in again.',
    );
  }
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values({
        id: caller.uid,
        email: profile.email ?? '',
        name: profile.name ?? null,
        picture: profile.picture ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A sign-in without an address (some social accounts) has no one to welcome.
    if (created.length > 0 && profile.email) {
      await queueMail(deps.jobs, tx, {
        key: `welcome:${caller.uid}`,
        to: profile.email,
        template: 'welcome',
        props: { name: profile.name ?? null },
      });
    }
  });
  const created = await findUser(db, caller.uid);
  if (!created) throw new Error(`user ${caller.uid} missing right after its insert`);
  return created;
}

export async function updateUserRow(
  db: Database,
  uid: string,
  changes: Partial<Pick<UserRow, 'email' | 'name' | 'picture'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, uid))
    .returning();
  if (!row) throw new Error(`user ${uid} vanished during an update`);
  return row;
}
