import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#api/test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { isoTimestamp } from './iso-timestamp.ts';
import { subUsers, users } from './schema.ts';

describe('isoTimestamp', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('prints a time as the API does (toISOString of the date pg would parse), null as null', async () => {
    const { db } = handle;
    await db.insert(users).values({ id: 'auth0|iso', email: 'iso@example.com' });
    // Microseconds past a millisecond: a JavaScript date keeps the millisecond, truncated.
    const stored = '2026-03-04 05:06:07.123987+00';
    const [row] = await db
      .insert(subUsers)
      .values({ owner: 'auth0|iso', email: 'a@example.com', firstName: 'A', lastName: 'B' })
      .returning({ id: subUsers.id });
    await db
      .update(subUsers)
      .set({ createdAt: sql`${stored}::timestamptz` })
      .where(eq(subUsers.id, row?.id ?? ''));
    const [read] = await db
      .select({
        text: isoTimestamp(subUsers.createdAt),
        date: subUsers.createdAt,
        none: isoTimestamp(subUsers.joinedAt),
      })
      .from(subUsers)
      .where(eq(subUsers.id, row?.id ?? ''));
    expect(read?.text).toBe('2026-03-04T05:06:07.123Z');
    expect(read?.text).toBe(read?.date.toISOString());
    expect(read?.none).toBeNull();
  });
});
