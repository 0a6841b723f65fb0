import { featureItemRequest, renameItemRequest } from '@launchkit/api-contract';
import { canFeatureItems } from '@launchkit/plans';
import { and, eq, sql } from 'drizzle-orm';
import type { WorkspaceAccess, WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { getItem } from './get-item.ts';
import { assertItemId, type Item, itemColumns, itemNotFound, toItem } from './item-document.ts';

/**
 * docs/product.md §7 "update item by id (name or featured)": one or the other, never both, nothing else.
 * The body's keys choose the kind of change, so each kind reports its own field messages.
 */
export function parseItemChange(body: unknown) {
  const isFeaturing = Boolean(body && typeof body === 'object' && 'featured' in body);
  return isFeaturing ? validate(featureItemRequest, body) : validate(renameItemRequest, body);
}

export type ItemChange = ReturnType<typeof parseItemChange>;

const upgradeRequired = () =>
  new AppError(403, 'plan/upgrade-required', 'You must upgrade to the organization plan to use this feature');

/** §6 applied to the workspace's owner: members feature items on the owner's plan, not their own. */
/**
 * Whether the workspace's plan allows featuring, from the owner's plan columns the authorization read
 * while locking their row: no second read.
 */
function ownerMayFeature(access: WorkspaceAccess, plans: PlanCatalogue) {
  return access.ownerPlan !== undefined && canFeatureItems(planStatusOf(access.ownerPlan, plans));
}

/**
 * Renames or (un)features one of the workspace's items and logs what changed, in one transaction with
 * the authorization. The row is locked while its previous values are read, so the logged previous
 * name is the one this change replaced, even under concurrent renames.
 */
export async function updateItem(
  deps: { db: Database; plans: PlanCatalogue; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
  change: ItemChange,
): Promise<Item> {
  return inWorkspace(deps.db, caller, workspace, 'items.write', async (tx, access, record) => {
    assertItemId(id);
    // §6: featuring is the business plan's. Taking the mark off never needs a plan, so items featured
    // while the plan was active do not stay stuck once it lapses.
    if ('featured' in change && change.featured && !ownerMayFeature(access, deps.plans)) {
      // An id outside the workspace stays a 404 whatever the plan.
      await getItem(tx, access.workspace, id);
      throw upgradeRequired();
    }
    const previous = tx
      .select({
        previousId: sql<string>`${items.id}`.as('previous_id'),
        previousName: sql<string>`${items.name}`.as('previous_name'),
        wasFeatured: sql<boolean>`${items.featured}`.as('was_featured'),
      })
      .from(items)
      .where(and(eq(items.id, id), eq(items.owner, access.workspace)))
      .for('update')
      .as('previous');
    const [row] = await tx
      .update(items)
      .set({ ...change, updatedAt: sql`now()` })
      .from(previous)
      .where(eq(items.id, previous.previousId))
      .returning({ ...itemColumns, previousName: previous.previousName, wasFeatured: previous.wasFeatured });
    if (!row) throw itemNotFound();
    // The log names what changed: a rename to the same name, or a mark already there, changed nothing.
    const activity =
      'name' in change
        ? row.name !== row.previousName && { action: 'item.renamed' as const, previous: row.previousName }
        : row.featured !== row.wasFeatured && {
            action: row.featured ? ('item.featured' as const) : ('item.unfeatured' as const),
          };
    if (activity) {
      // The same change is one event for the webhooks, named as the log names it.
      const item = toItem(row);
      await record({
        subject: row.name,
        ...activity,
        event:
          activity.action === 'item.renamed'
            ? { type: 'item.renamed', data: { item, previousName: row.previousName } }
            : { type: activity.action, data: { item } },
      });
    }
    return toItem(row);
  });
}
