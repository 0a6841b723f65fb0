import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { jobOutbox } from '#api/db/schema.ts';
import { thisInstance } from '#api/db/this-instance.ts';
import { sweepAfterSeconds } from './after-commit.ts';

/** The channel on which a transaction announces the jobs it ordered (jobs/after-commit.ts). */
export const jobOutboxChannel = 'job_outbox';

// Rows a statement moves at most; the sweep reads as many at a time.
const batchSize = 1000;

/** Adds jobs of one queue (pg-boss's insert: a job whose id exists already is not added again). */
export type InsertJobs = (
  queue: string,
  jobs: { id: string; data: object; startAfter?: Date; group?: string }[],
) => Promise<unknown>;

/**
 * Orders a job in the caller's transaction, in one statement: its row in the outbox, and the
 * announcement that the writing instance hears once the transaction commits. `id`, when given, is the
 * job's: a job with that id, ordered or added already, is not added again.
 */
export async function orderJob(
  tx: Pick<Database, 'execute'>,
  queue: string,
  data: object,
  options: { id?: string; startAfter?: Date; group?: string },
) {
  const id = options.id ?? null;
  const startAfter = options.startAfter?.toISOString() ?? null;
  await tx.execute(sql`
    with ordered as (
      insert into ${jobOutbox} (id, queue, data, start_after, group_id)
      values (coalesce(${id}::uuid, gen_random_uuid()), ${queue}, ${JSON.stringify(data)}::jsonb,
              ${startAfter}::timestamptz, ${options.group ?? null})
      on conflict (id) do nothing
      returning id
    )
    select pg_notify(${jobOutboxChannel}, ${thisInstance} || ' ' || id::text) from ordered`);
}

/** Adds the jobs of outbox rows `ids` (each job's id is its row's), then deletes the rows. */
export async function moveToQueue(db: Database, insert: InsertJobs, ids: string[]) {
  for (let start = 0; start < ids.length; start += batchSize) {
    const rows = await db
      .select()
      .from(jobOutbox)
      .where(inArray(jobOutbox.id, ids.slice(start, start + batchSize)));
    const byQueue = new Map<string, Parameters<InsertJobs>[1]>();
    for (const row of rows) {
      const jobs = byQueue.get(row.queue) ?? [];
      jobs.push({
        id: row.id,
        data: row.data as object,
        ...(row.startAfter && { startAfter: row.startAfter }),
        ...(row.groupId && { group: row.groupId }),
      });
      byQueue.set(row.queue, jobs);
    }
    for (const [queue, jobs] of byQueue) await insert(queue, jobs);
    if (rows.length > 0) {
      await db.delete(jobOutbox).where(
        inArray(
          jobOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    }
  }
}

/**
 * Moves every outbox row written more than `olderThanSeconds` ago (by then its own instance would have
 * moved it). Answers how many it moved.
 */
export async function sweepOutbox(
  db: Database,
  insert: InsertJobs,
  { olderThanSeconds = sweepAfterSeconds }: { olderThanSeconds?: number } = {},
): Promise<number> {
  let moved = 0;
  // At most a hundred batches a run: a row the queue would not take cannot hold the sweep forever.
  for (let round = 0; round < 100; round += 1) {
    const rows = await db
      .select({ id: jobOutbox.id })
      .from(jobOutbox)
      .where(lt(jobOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`))
      .orderBy(jobOutbox.createdAt)
      .limit(batchSize);
    await moveToQueue(
      db,
      insert,
      rows.map((row) => row.id),
    );
    moved += rows.length;
    if (rows.length < batchSize) break;
  }
  return moved;
}
