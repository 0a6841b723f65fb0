import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { recordActivity } from '#api/events/record-activity.ts';
import { workspaceAccessChannel } from './access-changes.ts';

/**
 * Revokes the keys `which` picks that are not revoked yet, in the transaction of the change that asks
 * for it. Each is logged as `actor`'s `api-key.revoked`, and each workspace's access is announced, so
 * the keys' open live lists end on every instance. The row stays, so a key's next request is told it
 * was revoked rather than that it never existed. Answers the keys revoked.
 */
export async function revokeApiKeys(tx: Queryable, which: SQL | undefined, actor: string) {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(isNull(apiKeys.revokedAt), which))
    .returning({ id: apiKeys.id, workspace: apiKeys.workspace, name: apiKeys.name });
  for (const key of revoked) {
    await recordActivity(tx, {
      workspace: key.workspace,
      actor,
      action: 'api-key.revoked',
      subject: key.name,
    });
  }
  for (const workspace of new Set(revoked.map((key) => key.workspace))) {
    await tx.execute(sql`select pg_notify(${workspaceAccessChannel}, ${workspace})`);
  }
  return revoked;
}

/**
 * Revokes the keys `maker` made, in `workspace` or, without one, in every workspace: a key acts for its
 * workspace, but a person who may no longer manage keys there (removed, no longer an admin, left, or
 * gone with their account) must not keep one working (docs/api-keys.md, "Keys follow their maker").
 */
export async function revokeKeysMadeBy(
  tx: Queryable,
  { maker, actor, workspace }: { maker: string; actor: string; workspace?: string },
): Promise<void> {
  const inWorkspace = workspace === undefined ? undefined : eq(apiKeys.workspace, workspace);
  await revokeApiKeys(tx, and(eq(apiKeys.createdBy, maker), inWorkspace), actor);
}
