import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { mails, newsletterSubscriptions } from '#api/db/schema.ts';
import { createJobQueue } from '#api/jobs/job-queue.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { dataRetentionJob, deleteExpiredData } from './data-retention.ts';
import { createMetrics } from './metrics.ts';

describe('data retention', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);

  it('deletes sent mails’ records after 90 days and unconfirmed newsletter addresses after 30, nothing else', async () => {
    const { db } = database;
    await db.insert(mails).values([
      { key: 'old-sent', template: 'welcome', recipient: 'a@example.com', sentAt: daysAgo(91) },
      { key: 'recent-sent', template: 'welcome', recipient: 'b@example.com', sentAt: daysAgo(89) },
      { key: 'old-unsent', template: 'welcome', recipient: 'c@example.com', createdAt: daysAgo(120) },
    ]);
    await db.insert(newsletterSubscriptions).values([
      { email: 'stale@example.com', createdAt: daysAgo(40), confirmationSentAt: daysAgo(31) },
      { email: 'resent@example.com', createdAt: daysAgo(40), confirmationSentAt: daysAgo(2) },
      { email: 'reader@example.com', createdAt: daysAgo(400), confirmedAt: daysAgo(399) },
    ]);
    expect(await deleteExpiredData(db)).toEqual({ sentMails: 1, unconfirmedNewsletter: 1 });
    expect((await db.select({ key: mails.key }).from(mails)).map((row) => row.key).sort()).toEqual([
      'old-unsent',
      'recent-sent',
    ]);
    const addresses = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(addresses.map((row) => row.email).sort()).toEqual(['reader@example.com', 'resent@example.com']);
  });

  it('runs every day at 03:17 UTC, on one instance (a pg-boss schedule)', async () => {
    const jobs = createJobQueue({ database, log: pino({ level: 'silent' }), metrics: createMetrics() });
    jobs.handle(dataRetentionJob, async () => {});
    await jobs.start({ work: false });
    try {
      const schedules = await jobs.boss.getSchedules('data-retention');
      expect(schedules).toMatchObject([{ name: 'data-retention', cron: '17 3 * * *', timezone: 'UTC' }]);
    } finally {
      await jobs.stop();
    }
  });
});
