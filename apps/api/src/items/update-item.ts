import { featureItemRequest, renameItemRequest } from '@app/api-contract';
import { canFeatureItems } from '@app/plans';
import { and, eq, sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { PlanCatalogue } from '#api/billing/resolve-plan-prices.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { planStatusOf } from '#api/users/plan-status.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { getItem } from './get-item.ts';
import { assertItemId, type Item, itemColumns, itemNotFound, toItem } from './item-document.ts';

/**
 * §7 "update item by id (name or featured)": one or the other, never both, nothing else. The body's
 * keys choose the kind of change, so each kind reports its own field messages.
 */
export function parseItemChange(body: unknown) {
  const isFeaturing = Boolean(body && typeof body === 'object' && 'featured' in body);
  return isFeaturing ? validate(featureItemRequest, body) : validate(renameItemRequest, body);
}

export type ItemChange = ReturnType<typeof parseItemChange>;

const upgradeRequired = () =>
  new AppError(403, 'plan/upgrade-required', 'You must upgrade to the organization plan to use this feature');

export async function updateItem(
  deps: { db: Database; identity: IdentityConfig; plans: PlanCatalogue },
  caller: VerifiedIdentity,
  id: string,
  change: ItemChange,
): Promise<Item> {
  assertItemId(id);
  // §6: featuring is the business plan's. Taking the mark off never needs a plan, so items featured
  // while the plan was active do not stay stuck once it lapses.
  if ('featured' in change && change.featured) {
    const user = await findOrCreateUser(deps.db, deps.identity, caller);
    if (!canFeatureItems(planStatusOf(user, deps.plans))) {
      // Someone else's id stays a 404 whatever the caller's plan.
      await getItem(deps.db, caller.uid, id);
      throw upgradeRequired();
    }
  }
  const [row] = await deps.db
    .update(items)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(items.id, id), eq(items.owner, caller.uid)))
    .returning(itemColumns);
  if (!row) throw itemNotFound();
  return toItem(row);
}
