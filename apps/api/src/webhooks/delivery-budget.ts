import { limitsOf } from '@launchkit/plans';
import { sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveryBudgets } from '#api/db/schema.ts';
import { type JobKind, postponeJob } from '#api/jobs/job-queue.ts';
import { type PlanColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { WebhookDeliveryOrder } from './webhook-delivery-job-kind.ts';

const minuteMs = 60_000;

/**
 * Reserves one delivery start in the workspace's budget of `perMinute` starts a minute: in the current
 * minute while it has room, else in the first later minute that has. One statement on the workspace's
 * row (the latest minute with reservations, and how many), so every instance draws on one budget and
 * two reservations never share the last place. Answers the minute's start and whether it is now.
 */
export async function reserveDeliveryStart(
  db: Pick<Database, 'execute'>,
  workspace: string,
  perMinute: number,
): Promise<{ minute: Date; isNow: boolean }> {
  const budget = webhookDeliveryBudgets;
  const result = (await db.execute(sql`
    insert into ${budget} as budget (workspace, minute, reserved)
    values (${workspace}, date_trunc('minute', now()), 1)
    on conflict (workspace) do update set
      minute = case
        when budget.minute < date_trunc('minute', now()) then date_trunc('minute', now())
        when budget.reserved >= ${perMinute} then budget.minute + interval '1 minute'
        else budget.minute end,
      reserved = case
        when budget.minute < date_trunc('minute', now()) or budget.reserved >= ${perMinute} then 1
        else budget.reserved + 1 end
    returning minute, minute <= now() as "isNow"`)) as unknown as {
    rows: { minute: string | Date; isNow: boolean }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('webhooks: the budget reservation returned no row');
  return { minute: new Date(row.minute), isNow: row.isNow };
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
  const { webhookDeliveriesPerMinute } = limitsOf(planStatusOf(delivery.ownerPlan, deps.plans));
  const { minute, isNow } = await reserveDeliveryStart(
    deps.db,
    delivery.workspace,
    webhookDeliveriesPerMinute,
  );
  if (isNow) return true;
  await postponeJob(deps.db, deps.kind as JobKind<unknown>, {
    id: run.id,
    until: minute,
    data: { reservedMinute: minute.toISOString(), reservedAttempt: run.attempt },
  });
  return false;
}
