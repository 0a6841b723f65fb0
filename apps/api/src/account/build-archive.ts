import type { ActivityAction, DataArchive } from '@launchkit/api-contract';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { isoTimestamp } from '#api/db/iso-timestamp.ts';
import { activity, items, subUsers, users } from '#api/db/schema.ts';

export type ArchiveDeps = { db: Database; stripe: Stripe };

const iso = (value: Date | null) => value?.toISOString() ?? null;
const fromUnix = (seconds: number) => new Date(seconds * 1000).toISOString();

/** How a person was invited to a workspace, on both sides of a membership. */
const invitationColumns = {
  firstName: subUsers.firstName,
  lastName: subUsers.lastName,
  invitedAt: isoTimestamp(subUsers.createdAt),
  joinedAt: isoTimestamp(subUsers.joinedAt),
};

/** The workspaces the person joined, with the owner's address and how they were invited. */
async function joinedWorkspaces(db: Database, uid: string) {
  return db
    .select({ workspaceOwnerEmail: users.email, invitedAs: subUsers.email, ...invitationColumns })
    .from(subUsers)
    .leftJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.memberId, uid))
    .orderBy(asc(subUsers.joinedAt), asc(subUsers.id));
}

/** The members of the person's own workspace. */
async function ownMembers(db: Database, uid: string) {
  return db
    .select({ email: subUsers.email, ...invitationColumns })
    .from(subUsers)
    .where(eq(subUsers.owner, uid))
    .orderBy(asc(subUsers.createdAt), asc(subUsers.id));
}

/** The items of the person's own workspace. */
async function ownItems(db: Database, uid: string) {
  return db
    .select({
      id: items.id,
      name: items.name,
      featured: items.featured,
      createdAt: isoTimestamp(items.createdAt),
      updatedAt: isoTimestamp(items.updatedAt),
    })
    .from(items)
    .where(eq(items.owner, uid))
    .orderBy(asc(items.createdAt), asc(items.id));
}

/** What the person did in any workspace (by activity_actor_id_idx). */
async function activityOf(db: Database, uid: string) {
  const rows = await db
    .select({
      id: activity.id,
      workspaceOwnerEmail: users.email,
      action: activity.action,
      subject: activity.subject,
      previous: activity.previous,
      createdAt: isoTimestamp(activity.createdAt),
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.workspace))
    .where(eq(activity.actorId, uid))
    .orderBy(asc(activity.createdAt), asc(activity.id));
  return rows.map((row) => ({ ...row, action: row.action as ActivityAction }));
}

/** The person's record without internal tokens and counters. */
function profileOf(person: typeof users.$inferSelect): DataArchive['profile'] {
  return {
    uid: person.id,
    email: person.email,
    name: person.name,
    picture: person.picture,
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
    plan: {
      stripeCustomerId: person.stripeCustomerId,
      stripePriceId: person.stripePriceId,
      stripeSubscriptionStatus: person.stripeSubscriptionStatus,
      quantity: person.quantity,
      trialEnd: iso(person.trialEnd),
      currentPeriodEnd: iso(person.currentPeriodEnd),
    },
    requiresSecondFactorOfMembers: person.requiresSecondFactor,
    mailOptOuts: person.mailOptOuts,
  };
}

/**
 * Everything the product holds about one person, for "Download my data" (the contract's `dataArchive`):
 * their profile without internal tokens and counters, their memberships both ways, their own
 * workspace's items, what they did in any workspace, and their invoices, read from the payment
 * provider (the product keeps none). Undefined when the person's record is gone.
 */
export async function buildArchive(deps: ArchiveDeps, uid: string): Promise<DataArchive | undefined> {
  const { db } = deps;
  const [person] = await db.select().from(users).where(eq(users.id, uid));
  if (!person) return undefined;
  const joined = await joinedWorkspaces(db, uid);
  const members = await ownMembers(db, uid);
  const itemsOfOwn = await ownItems(db, uid);
  const done = await activityOf(db, uid);
  return {
    exportedAt: new Date().toISOString(),
    profile: profileOf(person),
    memberships: { joined, members },
    items: itemsOfOwn,
    activity: done,
    invoices: person.stripeCustomerId ? await invoicesOf(deps.stripe, person.stripeCustomerId) : [],
  };
}

/**
 * The customer's invoices at the provider, newest first, every page. A customer the provider no
 * longer knows (deleted in its dashboard) has none; any other failure fails the run, which is tried
 * again (account/export-data.ts).
 */
async function invoicesOf(stripe: Stripe, customer: string): Promise<DataArchive['invoices']> {
  const invoices: DataArchive['invoices'] = [];
  try {
    for await (const invoice of stripe.invoices.list({ customer, limit: 100 })) {
      // The service period is the line's: an invoice's own period_start/end is the one before it.
      const line = invoice.lines.data[0];
      invoices.push({
        id: invoice.id ?? '',
        number: invoice.number,
        amount: invoice.total,
        currency: invoice.currency,
        status: invoice.status,
        created: fromUnix(invoice.created),
        period: {
          start: fromUnix(line?.period.start ?? invoice.period_start),
          end: fromUnix(line?.period.end ?? invoice.period_end),
        },
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      });
    }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      return [];
    }
    throw error;
  }
  return invoices;
}
