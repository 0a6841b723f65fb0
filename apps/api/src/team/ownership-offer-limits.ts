import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { activity, ownershipTransfers } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

// How often an ownership offer may be mailed (docs/team.md, "Ownership transfer"; decision 0041): like
// invitations, the product's sender is no one's to aim at a person as often as they like.

export const ownershipOfferLimits = {
  /** Offers one workspace may make (each is a mail) in `windowHours`, withdrawn ones too. */
  offersPerWorkspace: 5,
  /** Offers open to one person, made in `windowHours`, from every workspace together. */
  openOffersPerRecipient: 5,
  windowHours: 24,
};

/**
 * Counts an offer's mail against its limits, in the offer's transaction under the owner's row (so one
 * workspace's offers queue behind each other): its own offers in the window, as its activity log
 * records them (withdrawing does not undo a mail sent); and the offers still open to the member from
 * other workspaces, made in the window (a withdrawn or replaced one no longer counts, so no workspace
 * spends another's allowance). Offers to one member from two workspaces at once queue behind each other
 * (an advisory lock on the member).
 */
export async function countOwnershipOfferMail(
  tx: Queryable,
  offer: { workspace: string; toMember: string },
): Promise<void> {
  const windowStart = sql`now() - make_interval(hours => ${ownershipOfferLimits.windowHours})`;
  const [made] = await tx
    .select({ offers: count() })
    .from(activity)
    .where(
      and(
        eq(activity.workspace, offer.workspace),
        eq(activity.action, 'ownership.offered'),
        gt(activity.createdAt, windowStart),
      ),
    );
  if ((made?.offers ?? 0) >= ownershipOfferLimits.offersPerWorkspace) {
    throw new AppError(
      429,
      'workspaces/transfer-offer-limit',
      `You have made ${ownershipOfferLimits.offersPerWorkspace} ownership offers in the last ${ownershipOfferLimits.windowHours} hours, withdrawn ones included: each mails the member, so that is the most for one day. Please try again tomorrow.`,
    );
  }
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`ownership-offer-mail:${offer.toMember}`}, 0))`,
  );
  const [open] = await tx
    .select({ offers: count() })
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.toMember, offer.toMember),
        ne(ownershipTransfers.workspace, offer.workspace),
        gt(ownershipTransfers.createdAt, windowStart),
      ),
    );
  if ((open?.offers ?? 0) >= ownershipOfferLimits.openOffersPerRecipient) {
    throw new AppError(
      429,
      'workspaces/transfer-recipient-limit',
      `This member has ${ownershipOfferLimits.openOffersPerRecipient} ownership offers from other workspaces made in the last ${ownershipOfferLimits.windowHours} hours and still open, the most we mail one person. Please try again tomorrow.`,
    );
  }
}
