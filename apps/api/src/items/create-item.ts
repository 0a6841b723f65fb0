import type { CreateItemRequest } from '@launchkit/api-contract';
import { count, eq } from 'drizzle-orm';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { type Item, itemColumns, toItem } from './item-document.ts';

/**
 * docs/product.md §7 "create item {owner, name, createdAt}": the owner is the workspace (the caller's
 * own, or one they are a member of) and the time is the server's. A workspace holds at most
 * `itemsPerUser` items (ITEMS_PER_USER_MAX): every list is read and sent whole, so an unbounded one
 * would cost every stream of that workspace more on each change. As for seats
 * (team/add-member.ts), the owner's row is locked for the count and the insert, so concurrent
 * creates queue behind each other and never pass the limit, on any number of instances. FOR NO KEY
 * UPDATE rather than FOR UPDATE: it excludes the other creates all the same, but not the foreign-key
 * checks of rows that reference the owner (an activity entry written meanwhile).
 */
export async function createItem(
  deps: { db: Database; itemsPerUser: number; jobs: Pick<JobQueue, 'send'>; usage?: ItemUsage },
  caller: VerifiedIdentity,
  workspace: string | undefined,
  request: CreateItemRequest,
): Promise<Item> {
  // The owner's row is locked for the count and the insert; a member's membership stays locked
  // until commit too: a removal waits for this create, or this create finds the member removed.
  const row = await inWorkspace(
    deps.db,
    caller,
    workspace,
    'items.write',
    async (tx, access, record) => {
      const [held] = await tx.select({ items: count() }).from(items).where(eq(items.owner, access.workspace));
      if ((held?.items ?? 0) >= deps.itemsPerUser) throw itemLimitReached(deps.itemsPerUser);
      const inserted = writtenRow(
        await tx.insert(items).values({ owner: access.workspace, name: request.name }).returning(itemColumns),
        'the item insert',
      );
      await deps.usage?.itemCreated(tx, {
        workspace: access.workspace,
        item: inserted.id,
        createdAt: inserted.createdAt,
      });
      await record({
        action: 'item.created',
        subject: inserted.name,
        event: { type: 'item.created', data: { item: toItem(inserted) } },
      });
      return inserted;
    },
    { lockOwnerRow: true },
  );
  return toItem(row);
}

/**
 * Usage billing's recorder (usage/order-usage-report.ts, handed in by app.ts): an item created is the
 * metered dimension (decision 0047), ordered for reporting in the item's own transaction.
 */
export type ItemUsage = {
  itemCreated(
    tx: Pick<Database, 'select' | 'execute'>,
    created: { workspace: string; item: string; createdAt: Date },
  ): Promise<void>;
};

const itemLimitReached = (limit: number) =>
  new AppError(
    409,
    'items/limit-reached',
    `You have reached the limit of ${limit.toLocaleString('en-US')} items. Delete some items to add new ones.`,
  );
