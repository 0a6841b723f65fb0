import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { reportUsageJob } from './report-usage-job.ts';

/**
 * The report's job id, made from the item's (a uuid as pg-boss wants): the same item always orders the
 * same job, and no other kind's job shares the id in the outbox.
 */
export function reportJobId(item: string): string {
  const hex = createHash('sha256').update(`usage-report:${item}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a counted action tells usage: the workspace, the item, when it was made. */
export type ItemCreated = { workspace: string; item: string; createdAt: Date };

/**
 * Orders the report of an item created, in the transaction that creates it (decision 0038): the job
 * exists if and only if the item does, and its id is made from the item's, so ordering it twice adds it once. A
 * workspace whose owner has no customer at the provider has nothing to be billed: nothing is ordered.
 * With reporting off (USAGE_REPORTING), nothing at all: the write path is as it was.
 */
export function createUsageRecorder(deps: { isReporting: boolean; jobs: Pick<JobQueue, 'send'> }) {
  return {
    async itemCreated(tx: Pick<Database, 'select' | 'execute'>, created: ItemCreated) {
      if (!deps.isReporting) return;
      const [owner] = await tx
        .select({ customer: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, created.workspace));
      if (!owner?.customer) return;
      await deps.jobs.send(
        reportUsageJob,
        {
          customer: owner.customer,
          item: created.item,
          timestamp: Math.floor(created.createdAt.getTime() / 1000),
        },
        { tx, id: reportJobId(created.item), group: created.workspace },
      );
    },
  };
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
