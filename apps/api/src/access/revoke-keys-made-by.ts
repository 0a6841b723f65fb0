import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { recordActivity } from '#api/events/record-activity.ts';
import { workspaceAccessChannel } from './access-changes.ts';

/**
 * Revokes the API keys `maker` made, in `workspace` or, without one, in every workspace: a key acts for
 * its workspace, but a person who may no longer manage keys there (removed, no longer an admin, left,
 * or gone with their account) must not keep one working (docs/api-keys.md, "Keys follow their maker").
 * Each revocation is logged as `actor`'s `api-key.revoked`, and each workspace's access is announced,
 * so the keys' open live lists end on every instance. In the transaction of the change that caused it.
 */
export async function revokeKeysMadeBy(
  tx: Queryable,
  { maker, actor, workspace }: { maker: string; actor: string; workspace?: string },
): Promise<void> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.createdBy, maker),
        isNull(apiKeys.revokedAt),
        workspace === undefined ? undefined : eq(apiKeys.workspace, workspace),
      ),
    )
    .returning({ workspace: apiKeys.workspace, name: apiKeys.name });
  for (const key of revoked) {
    await recordActivity(tx, {
      workspace: key.workspace,
      actor,
      action: 'api-key.revoked',
      subject: key.name,
    });
  }
  for (const each of new Set(revoked.map((key) => key.workspace))) {
    await tx.execute(sql`select pg_notify(${workspaceAccessChannel}, ${each})`);
  }
}
