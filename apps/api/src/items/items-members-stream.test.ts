import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import type { EventStream } from '#api/test/event-stream.ts';
import { callApi, itemStreamKit, nextList } from '#api/test/item-streams.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';
import { useTwoInstances } from '#api/test/two-instances.ts';
import { liveItemsOf } from './item-routes.ts';

// Members' live lists (docs/team.md), on two app instances sharing one database as in
// production: a member sees the workspace's changes live, and loses the stream on every instance the
// moment their access ends (test/two-instances.ts).

const instances = useTwoInstances();
const { openItemStream, closeItemStreams } = itemStreamKit();

afterEach(async () => {
  await closeItemStreams();
});

const db = () => instances.first.db;
const query = (workspace?: string) => (workspace ? `?workspace=${encodeURIComponent(workspace)}` : '');

async function signedUp() {
  const person = await instances.newUser();
  await callApi(instances.firstOrigin, 'GET', '/api/items', person);
  return person;
}

/**
 * Reads past any lists to the `closed` event (`ms`: when it came, from `since`), then waits for the
 * server to end the stream (closing a stream from this side while it ends can hang the reader).
 */
async function closing(stream: EventStream, since: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await stream.next(Math.max(deadline - Date.now(), 1));
    if (event.type !== 'closed') continue;
    const ms = performance.now() - since;
    await stream.ended();
    return { data: JSON.parse(event.data), ms };
  }
}

type Member = { person: TestUser; membership: string };

/** An owner with `count` joined members, oldest first, and seats for them all. */
async function workspaceWithMembers(count: 1): Promise<{ owner: TestUser; members: [Member] }>;
async function workspaceWithMembers(count: 2): Promise<{ owner: TestUser; members: [Member, Member] }>;
async function workspaceWithMembers(count: number) {
  const owner = await signedUp();
  await setPlan(db(), owner.uid, { quantity: count });
  const members: Member[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = await signedUp();
    members.push({ person, membership: (await insertJoinedMember(db(), owner, person)).id });
  }
  return { owner, members };
}

describe('a member’s live list', () => {
  it('shows the workspace’s items and every change to them, whoever makes it on whichever instance', async () => {
    const {
      owner,
      members: [{ person: member }],
    } = await workspaceWithMembers(1);
    await callApi(instances.firstOrigin, 'POST', '/api/items', member, { name: 'The member’s own' });
    const theirs = await callApi(instances.firstOrigin, 'POST', '/api/items', owner, { name: 'First' });

    const memberStream = await openItemStream(instances.secondOrigin, member, { workspace: owner.uid });
    const ownerStream = await openItemStream(instances.firstOrigin, owner);
    expect(memberStream.response.status).toBe(200);
    expect(await nextList(memberStream)).toEqual([theirs]);
    expect(await nextList(ownerStream)).toEqual([theirs]);

    let started = Date.now();
    const byOwner = await callApi(instances.firstOrigin, 'POST', '/api/items', owner, {
      name: 'By the owner',
    });
    expect(await nextList(memberStream)).toEqual([byOwner, theirs]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await nextList(ownerStream)).toEqual([byOwner, theirs]);

    started = Date.now();
    const byMember = await callApi(instances.secondOrigin, 'POST', `/api/items${query(owner.uid)}`, member, {
      name: 'By the member',
    });
    expect(await nextList(ownerStream)).toEqual([byMember, byOwner, theirs]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await nextList(memberStream)).toEqual([byMember, byOwner, theirs]);

    // The member's own list is another workspace: its changes never reach this stream.
    await callApi(instances.secondOrigin, 'POST', '/api/items', member, { name: 'Also the member’s own' });
    await expect(memberStream.next(300)).rejects.toThrow(/no event/);
    for (const event of memberStream.events) expect(event.data).not.toContain('member’s own');
  });

  it('refuses to open on a workspace the caller is not a member of, or has no seat in', async () => {
    const {
      owner,
      members: [{ person: member }],
    } = await workspaceWithMembers(1);
    const outsider = await signedUp();
    const refused = await fetch(`${instances.secondOrigin}/api/items/stream${query(owner.uid)}`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'workspaces/not-found' });

    await setPlan(db(), owner.uid, { quantity: 0 });
    const noSeat = await fetch(`${instances.secondOrigin}/api/items/stream${query(owner.uid)}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(noSeat.status).toBe(403);
    expect(await noSeat.json()).toMatchObject({ status: 'error', code: 'workspaces/no-seat' });
  });
});

describe('revocation of a member’s live list', () => {
  it('ends a removed member’s streams on both instances with access-revoked; the others stay', async () => {
    const {
      owner,
      members: [{ person: removed, membership }, { person: staying }],
    } = await workspaceWithMembers(2);
    const removedStreams = [
      await openItemStream(instances.firstOrigin, removed, { workspace: owner.uid }),
      await openItemStream(instances.secondOrigin, removed, { workspace: owner.uid }),
    ];
    const removedOwn = await openItemStream(instances.secondOrigin, removed);
    const stayingStream = await openItemStream(instances.secondOrigin, staying, { workspace: owner.uid });
    const ownerStream = await openItemStream(instances.secondOrigin, owner);
    for (const stream of [...removedStreams, removedOwn, stayingStream, ownerStream]) await nextList(stream);

    // The removal is plain SQL, as another instance's (or an operator's) would be.
    await db().delete(subUsers).where(eq(subUsers.id, membership));
    const committedAt = performance.now();
    const closings = await Promise.all(removedStreams.map((stream) => closing(stream, committedAt)));
    for (const [index, closed] of closings.entries()) {
      expect(closed.data).toEqual({ reason: 'access-revoked' });
      console.log(
        `revocation: the removed member's stream on instance ${index + 1} ended ${closed.ms.toFixed(1)} ms after the DELETE committed (${instances.first.databaseKind})`,
      );
    }

    // Everyone else keeps streaming, the removed member's own workspace included.
    const item = await callApi(instances.firstOrigin, 'POST', '/api/items', owner, {
      name: 'After the removal',
    });
    expect(await nextList(stayingStream)).toEqual([item]);
    expect(await nextList(ownerStream)).toEqual([item]);
    await expect(removedOwn.next(300)).rejects.toThrow(/no event/);
    expect(removedOwn.isEnded).toBe(false);
    // And the removed member cannot open it again.
    const again = await fetch(`${instances.secondOrigin}/api/items/stream${query(owner.uid)}`, {
      headers: { authorization: `Bearer ${removed.token}` },
    });
    expect(again.status).toBe(404);
  });

  it('ends the streams of members without a second factor once the owner requires one; one with it stays', async () => {
    const {
      owner,
      members: [{ person: withoutSecondFactor }, { person: enrolled }],
    } = await workspaceWithMembers(2);
    const withSecondFactor = {
      ...enrolled,
      token: (await (await instances.identity.enrolAuthenticatorApp(enrolled.email)).signIn()).access_token,
    };
    const [plainStream, protectedStream] = [
      await openItemStream(instances.firstOrigin, withoutSecondFactor, { workspace: owner.uid }),
      await openItemStream(instances.secondOrigin, withSecondFactor, { workspace: owner.uid }),
    ];
    await nextList(plainStream);
    await nextList(protectedStream);

    // The owner's requirement, written in SQL as another instance's request would.
    await db().execute(sql`update users set requires_second_factor = true where id = ${owner.uid}`);
    const changedAt = performance.now();
    const closed = await closing(plainStream, changedAt);
    expect(closed.data).toEqual({ reason: 'access-revoked' });
    console.log(
      `revocation: a member without a second factor lost the stream ${closed.ms.toFixed(1)} ms after the owner required one (${instances.first.databaseKind})`,
    );
    const item = await callApi(instances.firstOrigin, 'POST', '/api/items', owner, {
      name: 'Second factor only',
    });
    expect(await nextList(protectedStream)).toEqual([item]);
    const refused = await fetch(`${instances.secondOrigin}/api/items/stream${query(owner.uid)}`, {
      headers: { authorization: `Bearer ${withoutSecondFactor.token}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'workspaces/second-factor-required' });
  });

  it('ends the stream of a member whose seat the plan no longer covers, and only theirs', async () => {
    const {
      owner,
      members: [{ person: kept }, { person: newest }],
    } = await workspaceWithMembers(2);
    const [keptStream, newestStream] = [
      await openItemStream(instances.firstOrigin, kept, { workspace: owner.uid }),
      await openItemStream(instances.secondOrigin, newest, { workspace: owner.uid }),
    ];
    await nextList(keptStream);
    await nextList(newestStream);

    // The billing webhook lowers the seats (here in SQL): the newest member has none left.
    await setPlan(db(), owner.uid, { quantity: 1 });
    const changedAt = performance.now();
    const closed = await closing(newestStream, changedAt);
    expect(closed.data).toEqual({ reason: 'access-revoked' });
    console.log(
      `revocation: a member without a seat lost the stream ${closed.ms.toFixed(1)} ms after the seats changed (${instances.first.databaseKind})`,
    );
    const item = await callApi(instances.firstOrigin, 'POST', '/api/items', owner, { name: 'Still here' });
    expect(await nextList(keptStream)).toEqual([item]);
  });

  it('counts nothing against the removed member once their streams ended', async () => {
    const {
      owner,
      members: [{ person: member, membership }],
    } = await workspaceWithMembers(1);
    const live = liveItemsOf(instances.second.app);
    const before = live?.streamCount ?? 0;
    const stream = await openItemStream(instances.secondOrigin, member, { workspace: owner.uid });
    await nextList(stream);
    expect(live?.streamCount).toBe(before + 1);
    await db().delete(subUsers).where(eq(subUsers.id, membership));
    await closing(stream, performance.now());
    await expect.poll(() => live?.streamCount, { timeout: 2_000 }).toBe(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'revocation across a lost LISTEN connection (PostgreSQL)',
  () => {
    it('checks again after listening resumes, so a removal made meanwhile still ends the stream', async () => {
      const {
        owner,
        members: [{ person: member, membership }],
      } = await workspaceWithMembers(1);
      const stream = await openItemStream(instances.secondOrigin, member, { workspace: owner.uid });
      await nextList(stream);

      // The server drops both instances' access LISTEN connections, and the removal lands while they
      // are down: its announcement is lost, the check after reconnecting is not.
      const terminated = await db().execute(
        sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity
          where datname = current_database() and query like '%listen "workspace_access"%'
            and pid <> pg_backend_pid()`,
      );
      expect((terminated as { rows: unknown[] }).rows).toHaveLength(2);
      await db().delete(subUsers).where(eq(subUsers.id, membership));
      const committedAt = performance.now();
      const closed = await closing(stream, committedAt, 15_000);
      expect(closed.data).toEqual({ reason: 'access-revoked' });
      console.log(
        `revocation across a reconnect: the stream ended ${closed.ms.toFixed(1)} ms after the DELETE committed`,
      );
    });
  },
);
