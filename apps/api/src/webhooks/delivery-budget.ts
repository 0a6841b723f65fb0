import { limitsOf } from '@launchkit/plans';
import { sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveryBudgets } from '#api/db/schema.ts';
import { type JobKind, postponeJob } from '#api/jobs/job-queue.ts';
import { type PlanColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { WebhookDeliveryOrder } from './webhook-delivery-job-kind.ts';

const minuteMs = 60_000;

/** A delivery start reserved in the budget: the minute's start, and whether that minute is now. */
export type ReservedStart = { minute: Date; isNow: boolean };

/**
 * Reserves `count` delivery starts in the workspace's budget of `perMinute` starts a minute: the rest of
 * the current minute's room first, then whole later minutes, in the order given. One statement on the
 * workspace's row (the latest minute with reservations, and how many), so every instance draws on one
 * budget and two reservations never share a place. The places are contiguous and end at the row's new
 * values, from which each one's minute follows.
 */
export async function reserveDeliveryStarts(
  db: Pick<Database, 'execute'>,
  workspace: string,
  perMinute: number,
  count = 1,
): Promise<ReservedStart[]> {
  const budget = webhookDeliveryBudgets;
  const result = (await db.execute(sql`
    insert into ${budget} as budget (workspace, minute, reserved)
    values (${workspace}, date_trunc('minute', now()) + make_interval(mins => (${count}::int - 1) / ${perMinute}::int),
            (${count}::int - 1) % ${perMinute}::int + 1)
    on conflict (workspace) do update set
      minute = greatest(budget.minute, date_trunc('minute', now())) + make_interval(mins =>
        ((case when budget.minute < date_trunc('minute', now()) then 0 else budget.reserved end)
         + ${count}::int - 1) / ${perMinute}::int),
      reserved = ((case when budget.minute < date_trunc('minute', now()) then 0 else budget.reserved end)
                  + ${count}::int - 1) % ${perMinute}::int + 1
    returning minute, reserved, date_trunc('minute', now()) as "currentMinute"`)) as unknown as {
    rows: { minute: string | Date; reserved: number; currentMinute: string | Date }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('webhooks: the budget reservation returned no row');
  const last = new Date(row.minute).getTime();
  const current = new Date(row.currentMinute).getTime();
  return Array.from({ length: count }, (_, n) => {
    // The place of the n-th start, counted in the last minute (negative: an earlier minute's).
    const place = row.reserved - 1 - (count - 1 - n);
    const minute = last + Math.floor(place / perMinute) * minuteMs;
    return { minute: new Date(minute), isNow: minute <= current };
  });
}

export type BudgetDeps = { db: Database; plans: PlanCatalogue; kind: JobKind<WebhookDeliveryOrder> };

/**
 * Whether this run of a delivery job may post now, within the workspace's deliveries a minute (its
 * plan's `webhookDeliveriesPerMinute`, docs/webhooks.md "Budget"). Every try counts, retries too. A
 * run over the budget reserves a later minute and puts its job back until then, no try spent; the run
 * in that minute holds the reservation (the same try, within the minute) and posts without another.
 */
export async function mayStartNow(
  deps: BudgetDeps,
  order: WebhookDeliveryOrder,
  run: { id: string; attempt: number },
  delivery: { workspace: string; ownerPlan: PlanColumns },
): Promise<boolean> {
  if (order.reservedMinute && order.reservedAttempt === run.attempt) {
    const reserved = Date.parse(order.reservedMinute);
    if (Date.now() < reserved + minuteMs) return true;
  }
  const perMinute = deliveriesPerMinuteOf(delivery.ownerPlan, deps.plans);
  const [start] = await reserveDeliveryStarts(deps.db, delivery.workspace, perMinute);
  if (!start || start.isNow) return true;
  await postponeJob(deps.db, deps.kind as JobKind<unknown>, {
    id: run.id,
    until: start.minute,
    data: reservationOf(start, run.attempt),
  });
  return false;
}

/** The workspace's deliveries a minute: its plan's (its owner's). */
export const deliveriesPerMinuteOf = (ownerPlan: PlanColumns, plans: PlanCatalogue) =>
  limitsOf(planStatusOf(ownerPlan, plans)).webhookDeliveriesPerMinute;

/** What a job carries of the start reserved for its try `attempt` (the first: 1). */
export const reservationOf = (start: ReservedStart, attempt: number) => ({
  reservedMinute: start.minute.toISOString(),
  reservedAttempt: attempt,
});
