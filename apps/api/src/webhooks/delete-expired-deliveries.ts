import { sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';

// Rows one statement deletes at most: each statement is a short transaction, never a day's backlog.
const batchSize = 5000;

/**
 * Deletes the deliveries recorded more than `retentionDays` ago (WEBHOOK_DELIVERY_RETENTION_DAYS), a
 * batch at a time; answers how many. Read endpoint by endpoint, so each read is a range of the log's
 * own index (endpoint, newest first) rather than a scan of the whole table.
 */
export async function deleteExpiredDeliveries(db: Database, retentionDays: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.id} in (
          select expired.id from ${webhookEndpoints}
          cross join lateral (
            select old.id from ${webhookDeliveries} old
            where old.endpoint_id = ${webhookEndpoints.id} and old.created_at < ${cutoff}
            limit ${batchSize}
          ) expired
          limit ${batchSize}
        )`,
      )
      .returning({ id: webhookDeliveries.id });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
