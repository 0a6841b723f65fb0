import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { JobHandler } from '#api/jobs/job-queue.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { createMeteredItems } from './ensure-metered-item.ts';
import { reportJobId } from './order-usage-report.ts';
import { handleUsageReports, type UsageReport } from './report-usage-job.ts';
import {
  findUsageCatalogue,
  itemsCreatedMeter,
  meteredPriceSpec,
  usageCatalogueOnce,
} from './usage-meter.ts';

// Usage billing through the real app, the real payment emulator and the real job queue: an item created
// by a paying workspace becomes one meter event at the provider, its subscription carries the metered
// price, and "Usage this period" reads the provider's count back.

const world = useBillingWorld({ USAGE_REPORTING: 'true' });

/** The rows a statement answers, on either database. */
const rowsOf = async (statement: ReturnType<typeof sql>) =>
  ((await world().app.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The report job of an item, once the queue has it. */
async function reportJob(item: string) {
  const [row] = await rowsOf(
    sql`select state, data from jobs.job where name = 'usage-report' and id = ${reportJobId(item)}::uuid`,
  );
  return row as { state: string; data: UsageReport } | undefined;
}

const reportJobState = async (item: string) => (await reportJob(item))?.state ?? null;

/** The customer's total on the meter over the last hour and the next, as Stripe would answer it. */
async function meteredTotal(stripe: Stripe, customer: string) {
  const catalogue = await findUsageCatalogue(stripe);
  if (!catalogue) return 0;
  const now = Math.floor(Date.now() / 60_000) * 60;
  const summaries = await stripe.billing.meters.listEventSummaries(catalogue.meterId, {
    customer,
    start_time: now - 3600,
    end_time: now + 3600,
  });
  return summaries.data.reduce((sum, summary) => sum + summary.aggregated_value, 0);
}

describe('usage on the provider’s meter', () => {
  it('queues a report with the item created, reports it once however often the job runs, and shows it as usage this period', async () => {
    const { user, customer } = await world().payingUser();
    const created = await world().call(user, 'POST', '/api/items', { name: 'Metered' });
    expect(created.status).toBe(201);
    const item: string = created.body.data.id;
    await vi.waitFor(async () => expect(await reportJobState(item)).toBe('completed'), { timeout: 15_000 });
    const { stripe } = world().payments;
    expect(await meteredTotal(stripe, customer)).toBe(1);

    // The subscription got the metered price, as Stripe documents for one that exists.
    const [subscription] = (await stripe.subscriptions.list({ customer })).data;
    expect(subscription?.items.data.map((each) => each.price.lookup_key)).toEqual([
      'pro',
      meteredPriceSpec.lookupKey,
    ]);

    // The same report run again (a job whose instance died after Stripe took the event): still one.
    const handlers: JobHandler<UsageReport>[] = [];
    const log = { warn: () => {} } as unknown as FastifyBaseLogger;
    handleUsageReports({
      jobs: { handle: (_kind, run) => handlers.push(run as JobHandler<UsageReport>) },
      stripe,
      catalogue: usageCatalogueOnce(stripe, { mayCreate: false }),
      ensureMeteredItems: createMeteredItems(stripe),
      log,
    });
    const report = (await reportJob(item))?.data;
    expect(report).toMatchObject({ customer, item });
    const [handler] = handlers;
    if (!report || !handler) throw new Error('no report job or no handler');
    await handler(report, { id: reportJobId(item), attempt: 2 });
    await handler(report, { id: reportJobId(item), attempt: 3 });
    expect(await meteredTotal(stripe, customer)).toBe(1);
    expect((await stripe.subscriptions.list({ customer })).data[0]?.items.data).toHaveLength(2);

    const usage = await world().call(user, 'GET', '/api/billing/usage');
    expect(usage.status).toBe(200);
    expect(usage.body.data).toMatchObject({
      reporting: true,
      metric: 'items_created',
      quantity: 1,
      isBilled: true,
      unitAmount: String(meteredPriceSpec.unitAmount),
      projectedAmount: meteredPriceSpec.unitAmount,
      currency: 'usd',
    });
    expect(Date.parse(usage.body.data.periodEnd)).toBeGreaterThan(Date.parse(usage.body.data.periodStart));
    // The provider's meter is the one named for the dimension.
    const meters = await stripe.billing.meters.list();
    expect(meters.data.filter((meter) => meter.event_name === itemsCreatedMeter.eventName)).toHaveLength(1);
  });

  it('shows the period of a paying workspace with nothing reported yet, not billed until its first report', async () => {
    const { user } = await world().payingUser();
    const usage = await world().call(user, 'GET', '/api/billing/usage');
    expect(usage.status).toBe(200);
    expect(usage.body.data).toMatchObject({
      reporting: true,
      quantity: 0,
      isBilled: false,
      unitAmount: null,
      projectedAmount: null,
    });
    expect(Date.parse(usage.body.data.periodEnd)).toBeGreaterThan(Date.now());
  });

  it('orders nothing for a workspace without a customer, and says there is no period', async () => {
    const user = await world().signedInUser();
    const created = await world().call(user, 'POST', '/api/items', { name: 'Free' });
    expect(created.status).toBe(201);
    expect(await reportJobState(created.body.data.id)).toBeNull();
    const [outbox] = await rowsOf(
      sql`select count(*)::int as count from job_outbox where queue = 'usage-report'`,
    );
    expect(outbox?.count).toBe(0);
    const usage = await world().call(user, 'GET', '/api/billing/usage');
    expect(usage.body.data).toMatchObject({
      reporting: true,
      periodStart: null,
      quantity: 0,
      isBilled: false,
    });
  });

  it("refuses another's workspace with the error envelope", async () => {
    const owner = await world().signedInUser();
    const stranger = await world().signedInUser();
    const refused = await world().call(stranger, 'GET', `/api/billing/usage?workspace=${owner.uid}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ status: 'error', code: 'workspaces/not-found' });
  });
});
