import { readFile } from 'node:fs/promises';
import { webhookEventTypes } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#api/db/database.ts';
import { users, webhookEndpoints } from '#api/db/schema.ts';
import { openTestDatabase } from '#api/test/test-database.ts';

// Migration 0021 (API 2.0.0's event names, decision 0043), run again on endpoints stored with the names
// of 1.0.0: each keeps hearing what it heard.
const migration = new URL('../../drizzle/0021_webhook-event-names.sql', import.meta.url);

describe('the webhook event names of API 2.0.0', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('moves stored subscriptions to the new names, and leaves the others as they are', async () => {
    const { db } = database;
    await db.insert(users).values({ id: 'auth0|renamed-events', email: 'renamed@example.com' });
    const stored = {
      '/renames': ['item.created', 'item.updated'],
      '/stars': ['item.featured'],
      '/both': ['item.updated', 'item.featured', 'member.left'],
      '/members': ['member.joined'],
    };
    await db.insert(webhookEndpoints).values(
      Object.entries(stored).map(([path, events]) => ({
        workspace: 'auth0|renamed-events',
        url: `https://example.com${path}`,
        events,
        secret: 'whsec_test',
      })),
    );

    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const rows = await db
      .select({ url: webhookEndpoints.url, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspace, 'auth0|renamed-events'));
    const eventsOf = Object.fromEntries(rows.map((row) => [new URL(row.url).pathname, row.events]));
    expect(eventsOf).toEqual({
      '/renames': ['item.created', 'item.renamed'],
      '/stars': ['item.featured', 'item.unfeatured'],
      '/both': ['item.renamed', 'item.featured', 'member.left', 'item.unfeatured'],
      '/members': ['member.joined'],
    });
    // Every name left is one the contract knows.
    for (const events of Object.values(eventsOf)) {
      for (const event of events) expect(webhookEventTypes).toContain(event);
    }
  });
});
