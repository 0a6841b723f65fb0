import { isNull, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '#api/db/database.ts';
import { mails } from '#api/db/schema.ts';

/**
 * Waits until every mail ordered so far has been sent by its job (mail/send-mail-job.ts): mail leaves
 * after the request that orders it, within about half a second.
 */
export async function mailSettled(db: Database, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const unsent = await db.select({ key: mails.key }).from(mails).where(isNull(mails.sentAt));
      if (unsent.length > 0) throw new Error(`mail not sent yet: ${unsent.map((row) => row.key).join(', ')}`);
    },
    { timeout, interval: 50 },
  );
}

/**
 * The jobs of `queue` waiting for their time (a retry after a failure, up to 30 min later; a reminder
 * three days later) are due now: a test need not wait. (pg-boss's own table, `jobs.job`: jobs/job-queue.ts
 * names the schema.)
 */
export async function jobsDueNow(db: Database, queue = 'mail'): Promise<void> {
  await db.execute(
    sql`update jobs.job set start_after = now() where name = ${queue} and state in ('created', 'retry')`,
  );
}

/** Waits until a mail job has failed at least once and waits to be tried again. */
export async function mailFailed(db: Database, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const result = (await db.execute(
        sql`select count(*)::int as waiting from jobs.job where name = 'mail' and state = 'retry'`,
      )) as unknown as { rows: { waiting: number }[] };
      if (!result.rows[0]?.waiting) throw new Error('no mail job has failed yet');
    },
    { timeout, interval: 50 },
  );
}
