import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentDefaults } from '#api/config/production-settings.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import { activity, dataExports, mails, newsletterSubscriptions, users } from '#api/db/schema.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { fixedPlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { onPlan } from '#api/test/test-users.ts';
import { dataRetentionJob, deleteExpiredData } from './data-retention.ts';
import { createJobQueue } from './job-queue.ts';

describe('data retention', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
  const plans = fixedPlanCatalogue(developmentDefaults.prices);

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
    expect(await deleteExpiredData(db, plans)).toEqual({
      sentMails: 1,
      unconfirmedNewsletter: 1,
      expiredExports: 2,
      expiredActivityExports: 0,
      expiredActivity: 0,
    });
    expect((await db.select({ key: mails.key }).from(mails)).map((row) => row.key).sort()).toEqual([
      'old-unsent',
      'recent-sent',
    ]);
    const addresses = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(addresses.map((row) => row.email).sort()).toEqual(['reader@example.com', 'resent@example.com']);
    expect(await db.select({ id: dataExports.id }).from(dataExports)).toEqual([kept]);
  });

  it('deletes activity entries older than the workspace’s plan keeps them, and only those', async () => {
    const { db } = database;
    await db.insert(users).values([
      { id: 'auth0|free-log', email: 'free@example.com' },
      { id: 'auth0|pro-log', email: 'pro@example.com', ...onPlan('pro') },
      // A Business price whose renewal was given up: the free retention applies, as its other limits.
      {
        id: 'auth0|lapsed-log',
        email: 'lapsed@example.com',
        ...onPlan('business'),
        stripeSubscriptionStatus: 'canceled',
      },
    ]);
    const entry = (workspace: string, subject: string, age: number) => ({
      workspace,
      actorId: workspace,
      actorEmail: 'someone@example.com',
      action: 'item.created',
      subject,
      createdAt: daysAgo(age),
    });
    await db
      .insert(activity)
      .values([
        entry('auth0|free-log', 'free 29 days', 29),
        entry('auth0|free-log', 'free 31 days', 31),
        entry('auth0|pro-log', 'pro 31 days', 31),
        entry('auth0|pro-log', 'pro 364 days', 364),
        entry('auth0|pro-log', 'pro 366 days', 366),
        entry('auth0|lapsed-log', 'lapsed 31 days', 31),
      ]);
    expect((await deleteExpiredData(db, plans)).expiredActivity).toBe(3);
    const kept = await db.select({ subject: activity.subject }).from(activity);
    expect(kept.map((row) => row.subject).sort()).toEqual(['free 29 days', 'pro 31 days', 'pro 364 days']);
  });

  it('deletes a long backlog of expired activity a batch at a time, all of it in one run', async () => {
    const { db } = database;
    await db.insert(users).values({ id: 'auth0|backlog', email: 'backlog@example.com' });
    await db.execute(sql`
      insert into activity (workspace, actor_id, actor_email, action, subject, created_at)
      select 'auth0|backlog', 'auth0|backlog', 'b@example.com', 'item.created', 'old ' || n, now() - interval '40 days'
      from generate_series(1, 2500) as n`);
    await db.insert(activity).values({
      workspace: 'auth0|backlog',
      actorId: 'auth0|backlog',
      actorEmail: 'b@example.com',
      action: 'item.created',
      subject: 'recent',
    });
    expect((await deleteExpiredData(db, plans)).expiredActivity).toBe(2500);
    const kept = await db
      .select({ subject: activity.subject })
      .from(activity)
      .where(eq(activity.workspace, 'auth0|backlog'));
    expect(kept).toEqual([{ subject: 'recent' }]);
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
