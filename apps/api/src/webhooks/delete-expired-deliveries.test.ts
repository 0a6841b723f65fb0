import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { users, webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { createJobQueue } from '#api/jobs/job-queue.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { deleteExpiredDeliveries } from './delete-expired-deliveries.ts';
import { webhookRetentionJob } from './webhook-delivery-job-kind.ts';

describe('webhook delivery retention', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('deletes the deliveries older than the retention period, of every endpoint, and nothing else', async () => {
    const { db } = database;
    await db.insert(users).values({ id: 'auth0|retained', email: 'hooks@example.com' });
    const endpoints = await db
      .insert(webhookEndpoints)
      .values(
        ['/a', '/b'].map((path) => ({
          workspace: 'auth0|retained',
          url: `https://example.com${path}`,
          events: ['item.created'],
          secret: 'whsec_test',
        })),
      )
      .returning({ id: webhookEndpoints.id });
    const delivery = (endpointId: string, daysAgo: number, eventId: string) => ({
      endpointId,
      eventId,
      eventType: 'item.created',
      payload: '{}',
      status: 'succeeded',
      createdAt: new Date(Date.now() - daysAgo * 24 * 3_600_000),
    });
    for (const [index, endpoint] of endpoints.entries()) {
      await db
        .insert(webhookDeliveries)
        .values([
          delivery(endpoint.id, 31, `evt_old_${index}`),
          delivery(endpoint.id, 30.01, `evt_just_past_${index}`),
          delivery(endpoint.id, 29.9, `evt_kept_${index}`),
          delivery(endpoint.id, 0, `evt_new_${index}`),
        ]);
    }

    expect(await deleteExpiredDeliveries(db, 30)).toBe(4);
    const left = await db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries);
    expect(left.map((row) => row.eventId).sort()).toEqual([
      'evt_kept_0',
      'evt_kept_1',
      'evt_new_0',
      'evt_new_1',
    ]);
    // Another period (WEBHOOK_DELIVERY_RETENTION_DAYS) moves the line; run again, nothing more is old.
    expect(await deleteExpiredDeliveries(db, 7)).toBe(2);
    expect(await deleteExpiredDeliveries(db, 7)).toBe(0);
    const [kept] = await db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoints[0]?.id ?? ''));
    expect(kept).toEqual({ eventId: 'evt_new_0' });
  });

  it('runs every day at 03:41 UTC, on one instance (a pg-boss schedule)', async () => {
    const jobs = createJobQueue({ database, log: pino({ level: 'silent' }), metrics: createMetrics() });
    jobs.handle(webhookRetentionJob, async () => {});
    await jobs.start({ work: false });
    try {
      expect(await jobs.boss.getSchedules(webhookRetentionJob.name)).toMatchObject([
        { name: 'webhook-delivery-retention', cron: '41 3 * * *', timezone: 'UTC' },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});
