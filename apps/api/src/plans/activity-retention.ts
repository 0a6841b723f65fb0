import { inForceStatuses, type LimitTier, limitsOf, planLimits } from '@launchkit/plans';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { activity, users } from '#api/db/schema.ts';
import { planColumns, planStatusOf } from './plan-status.ts';
import type { PlanCatalogue } from './resolve-plan-prices.ts';

const dayMs = 24 * 3_600_000;

// Entries a statement deletes at most: a workspace years past its retention (a plan given up) is
// deleted a batch at a time, never in one long statement that holds its locks and bloats the WAL.
const batchSize = 1000;

/**
 * The days an owner's row keeps activity, in SQL: the days of the tier its price names while the plan
 * is in force (limitsOf's rule), the free tier's otherwise, and for a workspace whose owner row is gone.
 */
function retentionDaysOf(plans: PlanCatalogue): SQL {
  const byTier = new Map<LimitTier, string[]>();
  for (const [priceId, plan] of plans.planByPriceId) byTier.set(plan, [...(byTier.get(plan) ?? []), priceId]);
  const branches = [...byTier].map(
    ([tier, priceIds]) =>
      sql`when ${users.stripeSubscriptionStatus} in (${sql.join(
        inForceStatuses.map((status) => sql`${status}`),
        sql`, `,
      )}) and ${users.stripePriceId} in (${sql.join(
        priceIds.map((id) => sql`${id}`),
        sql`, `,
      )}) then ${planLimits[tier].activityRetentionDays}`,
  );
  return sql`(case ${sql.join(branches, sql` `)} else ${planLimits.free.activityRetentionDays} end)::integer`;
}

/**
 * Deletes the activity entries older than their workspace's plan keeps (docs/activity-export.md), a
 * batch at a time; answers how many. The batches pick by `created_at` past the shortest retention first,
 * so a workspace on a longer plan costs one join per candidate row, not a scan of its whole log.
 */
export async function deleteExpiredActivity(db: Queryable, plans: PlanCatalogue): Promise<number> {
  const days = retentionDaysOf(plans);
  const shortest = Math.min(...Object.values(planLimits).map((limits) => limits.activityRetentionDays));
  let deleted = 0;
  // At most a thousand batches a run (a million entries): the next day's run goes on where this stopped.
  for (let round = 0; round < 1000; round += 1) {
    const expired = db
      .select({ id: activity.id })
      .from(activity)
      .leftJoin(users, eq(users.id, activity.workspace))
      .where(
        sql`${activity.createdAt} < now() - make_interval(days => ${shortest})
          and ${activity.createdAt} < now() - make_interval(days => ${days})`,
      )
      .limit(batchSize);
    const rows = await db
      .delete(activity)
      .where(inArray(activity.id, expired))
      .returning({ id: activity.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  return deleted;
}

/** The oldest instant a workspace's plan still keeps of its activity log: its retention's days ago. */
export async function activityKeptFrom(
  db: Queryable,
  plans: PlanCatalogue,
  workspace: string,
  now = new Date(),
): Promise<Date> {
  const [owner] = await db.select(planColumns).from(users).where(eq(users.id, workspace));
  const limits = owner ? limitsOf(planStatusOf(owner, plans)) : planLimits.free;
  return new Date(now.getTime() - limits.activityRetentionDays * dayMs);
}
