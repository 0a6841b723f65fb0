import type { AccountViewing, ImpersonationSetting } from '@launchkit/api-contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { impersonations, users } from '#api/db/schema.ts';

/**
 * Who of the operators viewed the person's account, when and why (Settings → Security): every "view as"
 * of them, newest first, the last 50. It ends when it was ended, or at its expiry.
 */
export async function listAccountViewings(db: Database, person: string): Promise<AccountViewing[]> {
  const rows = await db
    .select({
      id: impersonations.id,
      operatorEmail: impersonations.operatorEmail,
      reason: impersonations.reason,
      startedAt: impersonations.createdAt,
      endedAt:
        sql<Date>`least(coalesce(${impersonations.endedAt}, ${impersonations.expiresAt}), ${impersonations.expiresAt})`.mapWith(
          impersonations.expiresAt,
        ),
    })
    .from(impersonations)
    .where(eq(impersonations.person, person))
    .orderBy(desc(impersonations.createdAt))
    .limit(50);
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
  }));
}

/** Whether the person's own workspace forbids operators to view as its people. */
export async function impersonationSettingOf(db: Database, owner: string): Promise<ImpersonationSetting> {
  const [row] = await db
    .select({ forbidsImpersonation: users.forbidsImpersonation })
    .from(users)
    .where(eq(users.id, owner));
  return { forbidsImpersonation: row?.forbidsImpersonation ?? false };
}

/** The owner's setting, on their own workspace's row. */
export async function setImpersonationSetting(
  db: Database,
  owner: string,
  setting: ImpersonationSetting,
): Promise<ImpersonationSetting> {
  const [row] = await db
    .update(users)
    .set({ forbidsImpersonation: setting.forbidsImpersonation, updatedAt: new Date() })
    .where(eq(users.id, owner))
    .returning({ forbidsImpersonation: users.forbidsImpersonation });
  return { forbidsImpersonation: row?.forbidsImpersonation ?? setting.forbidsImpersonation };
}
