import { activityPageSize } from '@launchkit/api-contract';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { errorBody } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import type { TestUser } from '#api/test/test-users.ts';
import { encodeActivityCursor } from './activity-cursor.ts';

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats } = kit;

type Entry = {
  id: string;
  action: string;
  actorId: string;
  actorEmail: string;
  subject: string;
  previous: string | null;
  createdAt: string;
};
type Page = { entries: Entry[]; nextCursor: string | null };

const pageOf = async (user: Parameters<typeof call>[0], query = '') => {
  const response = await call(user, 'GET', `/api/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};

const logOf = async (user: Parameters<typeof call>[0]) => (await pageOf(user)).entries;

/** Every page from the newest, `limit` at a time (the default size when absent). */
async function allPages(user: TestUser, limit?: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams();
    if (cursor) query.set('before', cursor);
    if (limit) query.set('limit', String(limit));
    const page = await pageOf(user, `?${query}`);
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(1000);
  } while (cursor);
  return pages;
}

/**
 * Writes `count` entries straight into a workspace's log, `subject` numbered from 0: the times run
 * from `from` (SQL) one `step` apart, so `step` '0 seconds' gives them all the same time, to the
 * microsecond. Answers the ids in the log's order (created_at desc, id desc), as PostgreSQL sorts them.
 */
async function seedLog(owner: TestUser, count: number, from: string, step: string, label = 'Entry') {
  await suite.testApp.db.execute(sql`
    insert into activity (workspace, actor_id, actor_email, action, subject, created_at)
    select ${owner.uid}, ${owner.uid}, ${owner.email}, 'item.created', ${label} || ' ' || n,
           ${from}::timestamptz + (n * ${step}::interval)
    from generate_series(0, ${count - 1}) as n`);
  return logIdsOf(owner);
}

async function logIdsOf(owner: TestUser): Promise<string[]> {
  const rows = await suite.testApp.db
    .select({ id: activity.id })
    .from(activity)
    .where(eq(activity.workspace, owner.uid))
    .orderBy(desc(activity.createdAt), desc(activity.id));
  return rows.map((row) => row.id);
}

const refusalOf = async (user: TestUser, query: string) => {
  const response = await call(user, 'GET', `/api/activity${query}`);
  expect(response.statusCode, query).toBe(400);
  return response.json() as { status: string; code: string; message: string; fields?: object };
};

const invalidCursor = errorBody(
  'activity/invalid-cursor',
  'This position in the activity log is not valid. Reload the activity log to start again from the newest entry.',
);

describe('GET /api/activity', () => {
  it("records every member action with who did it, newest first, in the owner's log", async () => {
    const owner = await ownerWithSeats(5);
    const withdrawn = `withdrawn-${Date.now()}@example.com`;
    const { record: pending } = await kit.invited(owner, withdrawn);
    const removed = await kit.signedIn();
    const { record: removedRow, token } = await kit.invited(owner, removed.email);
    expect((await kit.resendLater(owner, removedRow.id)).statusCode).toBe(200);
    expect((await kit.accept(removed, await kit.tokenMailedTo(removed.email))).statusCode).toBe(200);
    expect(token).not.toBe(await kit.tokenMailedTo(removed.email));
    expect((await call(owner, 'DELETE', `/api/sub-users/${pending.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/sub-users/${removedRow.id}`)).statusCode).toBe(200);
    const { member: leaver } = await kit.joinedMember(owner);
    const left = await call(leaver, 'DELETE', `/api/workspaces/${encodeURIComponent(owner.uid)}/membership`);
    expect(left.statusCode).toBe(200);

    const byOwner = { actorId: owner.uid, actorEmail: owner.email };
    expect(await logOf(owner)).toEqual(
      [
        { action: 'member.left', actorId: leaver.uid, actorEmail: leaver.email, subject: leaver.email },
        { action: 'member.joined', actorId: leaver.uid, actorEmail: leaver.email, subject: leaver.email },
        { action: 'member.invited', ...byOwner, subject: leaver.email },
        { action: 'member.removed', ...byOwner, subject: removed.email },
        { action: 'member.invitation-withdrawn', ...byOwner, subject: withdrawn },
        { action: 'member.joined', actorId: removed.uid, actorEmail: removed.email, subject: removed.email },
        { action: 'member.invitation-resent', ...byOwner, subject: removed.email },
        { action: 'member.invited', ...byOwner, subject: removed.email },
        { action: 'member.invited', ...byOwner, subject: withdrawn },
      ].map((entry) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        previous: null,
        createdAt: expect.any(String),
        ...entry,
      })),
    );
  });

  it("shows each caller their own workspace's log only: a member never reads the owner's", async () => {
    const owner = await ownerWithSeats(2);
    const { member } = await kit.joinedMember(owner);
    expect(await logOf(member)).toEqual([]);
    await suite.testApp.db.execute(sql`update users set quantity = 1 where id = ${member.uid}`);
    const friend = `friend-${Date.now()}@example.com`;
    await kit.invited(member, friend);
    expect((await logOf(member)).map((entry) => [entry.action, entry.subject])).toEqual([
      ['member.invited', friend],
    ]);
    expect((await logOf(owner)).map((entry) => entry.subject)).not.toContain(friend);
    expect(await logOf(await kit.signedIn())).toEqual([]);
  });

  it(`answers ${activityPageSize.default} entries a page, newest first, and a cursor to the older ones`, async () => {
    const owner = await ownerWithSeats(0);
    const ids = await seedLog(owner, activityPageSize.default + 5, '2026-01-01T00:00:00Z', '1 second');
    const first = await pageOf(owner);
    expect(first.entries.map((entry) => entry.id)).toEqual(ids.slice(0, activityPageSize.default));
    expect(first.entries[0]).toMatchObject({
      subject: `Entry ${activityPageSize.default + 4}`,
      createdAt: '2026-01-01T00:00:54.000Z',
    });
    expect(first.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));
    const second = await pageOf(owner, `?before=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.id)).toEqual(ids.slice(activityPageSize.default));
    expect(second.entries.at(-1)).toMatchObject({ subject: 'Entry 0' });
    expect(second.nextCursor).toBeNull();
  });

  it('pages through the whole log with no entry twice and none missed, same times and same milliseconds included', async () => {
    const owner = await ownerWithSeats(0);
    // 12 entries of one and the same time, 12 a microsecond apart (one millisecond to JavaScript), then
    // 31 a second apart: page boundaries fall inside each group at every page size below.
    await seedLog(owner, 12, '2026-02-01T00:00:00Z', '0 seconds', 'Same time');
    await seedLog(owner, 12, '2026-02-01T00:00:01Z', '1 microsecond', 'Same millisecond');
    const ids = await seedLog(owner, 31, '2026-02-01T00:00:02Z', '1 second', 'Later');
    expect(ids).toHaveLength(55);
    for (const limit of [1, 5, 7, 10, 54, 55, activityPageSize.max, undefined]) {
      const pages = await allPages(owner, limit);
      const paged = pages.flatMap((page) => page.entries.map((entry) => entry.id));
      expect(paged, `limit ${limit}`).toEqual(ids);
      expect(pages.length, `limit ${limit}`).toBe(Math.max(1, Math.ceil(ids.length / (limit ?? 50))));
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.slice(0, -1).every((page) => page.nextCursor !== null)).toBe(true);
    }
  });

  it('keeps its place while new entries arrive: they go on top, never onto a later page', async () => {
    const owner = await ownerWithSeats(0);
    const ids = await seedLog(owner, 8, '2026-03-01T00:00:00Z', '1 minute');
    const first = await pageOf(owner, '?limit=3');
    await seedLog(owner, 4, '2026-03-02T00:00:00Z', '0 seconds', 'Newer');
    const second = await pageOf(owner, `?limit=3&before=${first.nextCursor}`);
    const third = await pageOf(owner, `?limit=3&before=${second.nextCursor}`);
    expect([...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id)).toEqual(ids);
    expect(third.nextCursor).toBeNull();
    // Four entries of one time: in the order of their ids.
    const newest = (await pageOf(owner, '?limit=4')).entries;
    expect(newest.map((entry) => entry.subject).sort()).toEqual(['Newer 0', 'Newer 1', 'Newer 2', 'Newer 3']);
    expect(newest.map((entry) => entry.id)).toEqual(
      newest
        .map((entry) => entry.id)
        .sort()
        .reverse(),
    );
  });

  it('answers an empty page, without a cursor, for an empty log or past its first entry', async () => {
    const owner = await ownerWithSeats(0);
    expect(await pageOf(owner)).toEqual({ entries: [], nextCursor: null });
    const ids = await seedLog(owner, 2, '2026-04-01T00:00:00Z', '1 second');
    const oldest = (await pageOf(owner)).entries.at(-1);
    expect(oldest?.id).toBe(ids[1]);
    // A cursor at a time before the first entry, as one from a page whose entries were since deleted.
    const beforeEverything = encodeActivityCursor({
      createdAt: '2000-01-01T00:00:00.000000Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(await pageOf(owner, `?before=${beforeEverything}`)).toEqual({ entries: [], nextCursor: null });
  });

  it('refuses a cursor it did not make: 400 activity/invalid-cursor, never a database error', async () => {
    const owner = await ownerWithSeats(0);
    const encode = (text: string) => Buffer.from(text, 'latin1').toString('base64url');
    const id = '0b0d3c55-4a5e-4f7a-9a43-3f1b8f1d2c11';
    for (const before of [
      'abc!',
      'not-a-cursor',
      encodeURIComponent('=='),
      encode(`2026-05-01T12:00:00.123456Z`),
      encode(`2026-05-01T12:00:00.123Z ${id}`), // milliseconds only
      encode(`2026-02-30T12:00:00.123456Z ${id}`), // no such day
      encode(`2026-05-01T24:00:00.123456Z ${id}`),
      encode(`2026-05-01T12:00:00.123456Z ${id.toUpperCase()}`),
      encode(`2026-05-01T12:00:00.123456Z ${id} `),
      encode(`2026-05-01T12:00:00.123456+01:00 ${id}`),
      encode(`0000-01-01T00:00:00.000000Z ${id}`),
      encode(`'); drop table activity; -- ${id}`),
      'A'.repeat(129),
    ]) {
      expect(await refusalOf(owner, `?before=${before}`), before).toEqual(invalidCursor);
    }
    // An empty one is no cursor either.
    expect(await refusalOf(owner, '?before=')).toEqual(invalidCursor);
    // A good one still works after all that.
    const good = encodeActivityCursor({ createdAt: '2026-05-01T12:00:00.123456Z', id });
    expect(await pageOf(owner, `?before=${good}`)).toEqual({ entries: [], nextCursor: null });
  });

  it(`refuses a page size outside 1–${activityPageSize.max}, and a parameter given twice`, async () => {
    const owner = await ownerWithSeats(0);
    const pageSize = `The page size must be a whole number from 1 to ${activityPageSize.max}.`;
    for (const limit of [
      '0',
      String(activityPageSize.max + 1),
      '1000',
      'ten',
      '1.5',
      '-1',
      '',
      ' 5',
      '1e2',
    ]) {
      expect(await refusalOf(owner, `?limit=${encodeURIComponent(limit)}`), limit).toEqual({
        status: 'error',
        code: 'validation_failed',
        message: pageSize,
        fields: { limit: pageSize },
      });
    }
    expect(await refusalOf(owner, '?limit=5&limit=6')).toMatchObject({ code: 'validation_failed' });
    expect(await refusalOf(owner, '?before=a&before=b')).toMatchObject({
      code: 'validation_failed',
      fields: { before: 'Give the `before` cursor once.' },
    });
    expect((await pageOf(owner, `?limit=${activityPageSize.max}`)).entries).toEqual([]);
  });

  it("pages only the caller's own log: another workspace's cursor or id reads nothing of it", async () => {
    const owner = await ownerWithSeats(1);
    const { member } = await kit.joinedMember(owner);
    // The owner's log: six entries of 2020 under the invitation and the joining of today.
    const ownerIds = await seedLog(owner, 6, '2020-06-01T00:00:00Z', '1 second', 'Owner');
    expect(ownerIds).toHaveLength(8);
    // The member's own log: one entry older than every one of the owner's, one newer.
    await seedLog(member, 1, '2020-05-01T00:00:00Z', '0 seconds', 'Member old');
    await seedLog(member, 1, '2020-07-01T00:00:00Z', '0 seconds', 'Member new');
    const ownersPage = await pageOf(owner, '?limit=5');
    expect(ownersPage.entries.map((entry) => entry.id)).toEqual(ownerIds.slice(0, 5));
    expect(ownersPage.entries.at(-1)).toMatchObject({ subject: 'Owner 3' });

    // The owner's cursor says where to start, in the member's own log.
    const fromOwnersCursor = await pageOf(member, `?before=${ownersPage.nextCursor}`);
    expect(fromOwnersCursor.entries.map((entry) => entry.subject)).toEqual(['Member old 0']);
    // A cursor naming the owner's own entry changes nothing either, and naming the owner's workspace is
    // refused: a member's role does not read the log (docs/team.md, Roles).
    const atOwnersEntry = encodeActivityCursor({
      createdAt: '2020-06-01T00:00:04.000000Z',
      id: ownerIds[3] as string,
    });
    const fromOwnersEntry = await pageOf(member, `?before=${atOwnersEntry}`);
    expect(fromOwnersEntry.entries.map((entry) => entry.subject)).toEqual(['Member old 0']);
    const withWorkspace = await call(
      member,
      'GET',
      `/api/activity?workspace=${encodeURIComponent(owner.uid)}`,
    );
    expect(withWorkspace.statusCode).toBe(403);
    expect(withWorkspace.json()).toMatchObject({ status: 'error', code: 'workspaces/forbidden' });
    for (const page of [fromOwnersCursor, fromOwnersEntry]) {
      expect(page.entries.some((entry) => entry.actorId === owner.uid || ownerIds.includes(entry.id))).toBe(
        false,
      );
    }
  });

  it('needs a valid token', async () => {
    const response = await call(null, 'GET', '/api/activity');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });
});
