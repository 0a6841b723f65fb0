import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import type { apiKeys, scimTokens } from '#api/db/schema.ts';

/**
 * Notes that a bearer secret (an API key, a SCIM token) was just used, shown as "Last used": at most
 * one write a minute per secret, so a busy client does not write its row on every request.
 */
export async function recordSecretUse(db: Database, table: typeof apiKeys | typeof scimTokens, id: string) {
  await db
    .update(table)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(table.id, id),
        or(isNull(table.lastUsedAt), lt(table.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
