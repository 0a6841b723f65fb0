import { type ActivityExport, activityExportMaxDays } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { developmentDefaults } from '#api/config/production-settings.ts';
import { activityExports } from '#api/db/schema.ts';
import { deleteExpiredData } from '#api/jobs/data-retention.ts';
import { fixedPlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, type TestUser } from '#api/test/test-users.ts';

// A range longer than GET /api/activity/export streams: prepared by a job, listed, downloaded until it
// expires (docs/activity-export.md).
const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats } = kit;
const db = () => suite.testApp.db;

const start = (user: TestUser, body: unknown, workspace = '') =>
  call(
    user,
    'POST',
    `/api/activity/exports${workspace && `?workspace=${encodeURIComponent(workspace)}`}`,
    body,
  );

async function exportsOf(user: TestUser, workspace = ''): Promise<ActivityExport[]> {
  const response = await call(
    user,
    'GET',
    `/api/activity/exports${workspace && `?workspace=${encodeURIComponent(workspace)}`}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.exports;
}

async function readyExport(user: TestUser, body: object, workspace = ''): Promise<string> {
  const started = await start(user, body, workspace);
  expect(started.statusCode, started.body).toBe(201);
  expect(started.json().data).toMatchObject({ status: 'preparing', ...body });
  const { id } = started.json().data;
  await expect
    .poll(async () => (await exportsOf(user, workspace)).find((each) => each.id === id)?.status, {
      timeout: 20_000,
    })
    .toBe('ready');
  return id;
}

describe('prepared activity exports', { timeout: 60_000 }, () => {
  it('prepares a year as a file by a job, lists it, and an admin downloads it; a member and a stranger cannot', async () => {
    const owner = await ownerWithSeats(2, onPlan('business'));
    await db().execute(sql`
      insert into activity (workspace, actor_id, actor_email, action, subject, created_at)
      values (${owner.uid}, ${owner.uid}, ${owner.email}, 'item.created', '-Early', now() - interval '300 days'),
             (${owner.uid}, ${owner.uid}, ${owner.email}, 'item.created', 'Late', now() - interval '2 days')`);
    const admin = await kit.signedIn();
    const member = await kit.signedIn();
    await insertJoinedMember(db(), owner, admin, 'admin');
    await insertJoinedMember(db(), owner, member);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 365 * 24 * 3_600_000).toISOString().slice(0, 10);

    const id = await readyExport(admin, { from, to, format: 'csv' }, owner.uid);
    expect((await exportsOf(owner)).map((each) => each.id)).toEqual([id]);
    const file = await call(
      admin,
      'GET',
      `/api/activity/exports/${id}/file?workspace=${encodeURIComponent(owner.uid)}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="activity-${from}-to-${to}.csv"`);
    const rows = file.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(",'-Early,");
    expect(rows[2]).toContain(',Late,');

    const byMember = await call(
      member,
      'GET',
      `/api/activity/exports?workspace=${encodeURIComponent(owner.uid)}`,
    );
    expect(byMember.statusCode).toBe(403);
    const stranger = await kit.signedIn();
    // The stranger's own workspace has no such export; naming the owner's is not found either.
    const strangersOwn = await call(stranger, 'GET', `/api/activity/exports/${id}/file`);
    expect(strangersOwn.statusCode).toBe(404);
    expect(strangersOwn.json()).toMatchObject({ status: 'error', code: 'activity-exports/not-found' });
    const named = await call(
      stranger,
      'GET',
      `/api/activity/exports/${id}/file?workspace=${encodeURIComponent(owner.uid)}`,
    );
    expect(named.statusCode).toBe(404);
    expect(named.json()).toMatchObject({ status: 'error', code: 'workspaces/not-found' });
    const notAnId = await call(owner, 'GET', '/api/activity/exports/not-a-uuid/file');
    expect(notAnId.json()).toMatchObject({ status: 'error', code: 'activity-exports/not-found' });
  });

  it('refuses a second export while one is prepared, and one past its time, which the retention job deletes', async () => {
    const owner = await ownerWithSeats(0);
    const [preparing] = await db()
      .insert(activityExports)
      .values({
        workspace: owner.uid,
        requestedBy: owner.uid,
        fromDay: '2026-01-01',
        toDay: '2026-06-30',
        format: 'jsonl',
        expiresAt: sql`now() + interval '1 hour'`,
      })
      .returning({ id: activityExports.id });
    const again = await start(owner, { from: '2026-01-01', to: '2026-03-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', code: 'activity-exports/in-preparation' });
    const notReady = await call(owner, 'GET', `/api/activity/exports/${preparing?.id}/file`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ status: 'error', code: 'activity-exports/not-ready' });

    await db()
      .update(activityExports)
      .set({ readyAt: sql`now() - interval '8 days'`, file: '', expiresAt: sql`now() - interval '1 second'` })
      .where(eq(activityExports.workspace, owner.uid));
    expect((await exportsOf(owner)).map((each) => each.status)).toEqual(['expired']);
    const expired = await call(owner, 'GET', `/api/activity/exports/${preparing?.id}/file`);
    expect(expired.json()).toMatchObject({ status: 'error', code: 'activity-exports/expired' });
    const plans = fixedPlanCatalogue(developmentDefaults.prices);
    expect((await deleteExpiredData(db(), plans)).expiredActivityExports).toBeGreaterThanOrEqual(1);
    expect(await exportsOf(owner)).toEqual([]);
  });

  it.each([
    [
      'a range over the limit',
      { from: '2025-01-01', to: '2026-01-02' },
      { to: `An export covers at most ${activityExportMaxDays} days: choose a shorter range.` },
    ],
    [
      'to before from',
      { from: '2026-03-10', to: '2026-03-09' },
      { to: 'The last day must not be before the first.' },
    ],
    ['an unknown field', { from: '2026-01-01', to: '2026-01-02', extra: 1 }, {}],
    ['no body', undefined, {}],
  ])('refuses %s with 400', async (_case, body, fields) => {
    const owner = await ownerWithSeats(0);
    const response = await start(owner, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', fields });
    expect(await exportsOf(owner)).toEqual([]);
  });
});
