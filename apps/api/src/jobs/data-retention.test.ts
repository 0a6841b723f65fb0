import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { dataExports, mails, newsletterSubscriptions, users } from '#api/db/schema.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { dataRetentionJob, deleteExpiredData } from './data-retention.ts';
import { createJobQueue } from './job-queue.ts';

describe('data retention', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);

  it('deletes sent mails’ records after 90 days, unconfirmed newsletter addresses after 30 and expired exports, nothing else', async () => {
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
    await db.insert(users).values({ id: 'auth0|retention', email: 'exporter@example.com' });
    const [, kept] = await db
      .insert(dataExports)
      .values([
        { userId: 'auth0|retention', readyAt: daysAgo(8), expiresAt: daysAgo(1), archive: '{}' },
        { userId: 'auth0|retention', readyAt: daysAgo(6), expiresAt: daysAgo(-1), archive: '{}' },
        // Never ready, and past its day of preparation.
        { userId: 'auth0|retention', expiresAt: daysAgo(0.5) },
      ])
      .returning({ id: dataExports.id });
    expect(await deleteExpiredData(db)).toEqual({
      sentMails: 1,
      unconfirmedNewsletter: 1,
      expiredExports: 2,
    });
    expect((await db.select({ key: mails.key }).from(mails)).map((row) => row.key).sort()).toEqual([
      'old-unsent',
      'recent-sent',
    ]);
    const addresses = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(addresses.map((row) => row.email).sort()).toEqual(['reader@example.com', 'resent@example.com']);
    expect(await db.select({ id: dataExports.id }).from(dataExports)).toEqual([kept]);
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
