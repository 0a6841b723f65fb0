import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { activityListMax } from './list-activity.ts';

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats } = kit;

type Entry = {
  action: string;
  actorId: string;
  actorEmail: string;
  subject: string;
  previous: string | null;
};

const logOf = async (user: Parameters<typeof call>[0]) => {
  const response = await call(user, 'GET', '/api/activity');
  expect(response.statusCode).toBe(200);
  return response.json().data as Entry[];
};

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

  it(`answers the latest ${activityListMax} entries`, async () => {
    const owner = await ownerWithSeats(0);
    const base = Date.now() - 1_000_000;
    await suite.testApp.db.insert(activity).values(
      Array.from({ length: activityListMax + 5 }, (_, index) => ({
        workspace: owner.uid,
        actorId: owner.uid,
        actorEmail: owner.email,
        action: 'item.renamed',
        subject: `Name ${index}`,
        previous: `Old ${index}`,
        createdAt: new Date(base + index * 1000),
      })),
    );
    const log = await logOf(owner);
    expect(log).toHaveLength(activityListMax);
    expect(log[0]).toMatchObject({
      subject: `Name ${activityListMax + 4}`,
      previous: `Old ${activityListMax + 4}`,
    });
    expect(log.at(-1)).toMatchObject({ subject: 'Name 5' });
  });

  it('needs a valid token', async () => {
    const response = await call(null, 'GET', '/api/activity');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });
});
