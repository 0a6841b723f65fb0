import { afterEach, describe, expect, it } from 'vitest';
import { activity } from '#api/db/schema.ts';
import type { EventStream } from '#api/test/event-stream.ts';
import { callApi, itemStreamKit } from '#api/test/item-streams.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan } from '#api/test/test-users.ts';
import { useTwoInstances } from '#api/test/two-instances.ts';

// The live Activity page (docs/team.md): a stream with `?follow=activity` is told of each new entry of
// the workspace's log, whichever instance wrote it (the activity trigger, migration 0022, and the live
// lists' listening connection), and carries no item list.

const instances = useTwoInstances();
const { openItemStream, closeItemStreams } = itemStreamKit();

afterEach(async () => {
  await closeItemStreams();
});

const db = () => instances.first.db;

async function signedUp() {
  const person = await instances.newUser();
  await callApi(instances.firstOrigin, 'GET', '/api/items', person);
  return person;
}

async function nextActivity(stream: EventStream, timeoutMs = 2_000) {
  const event = await stream.next(timeoutMs);
  expect(event.type).toBe('activity');
  expect(event.data).toBe('{}');
}

describe('a stream that follows the activity log', () => {
  it('says so at once, then after each new entry on either instance; never sends the list', async () => {
    const owner = await signedUp();
    await setPlan(db(), owner.uid, { quantity: 1 });
    const member = await signedUp();
    await insertJoinedMember(db(), owner, member);
    const stream = await openItemStream(instances.secondOrigin, owner, { follow: 'activity' });
    expect(stream.response.status).toBe(200);
    await nextActivity(stream);

    // A member's change on the other instance is an entry of the owner's log.
    const started = Date.now();
    await callApi(instances.firstOrigin, 'POST', `/api/items?workspace=${owner.uid}`, member, {
      name: 'By the member',
    });
    await nextActivity(stream);
    expect(Date.now() - started).toBeLessThan(2_000);

    // Any entry, however written; several in one transaction are one announcement.
    const entry = { workspace: owner.uid, actorId: owner.uid, actorEmail: owner.email, subject: 'x' };
    await db()
      .insert(activity)
      .values([
        { ...entry, action: 'api-key.created' },
        { ...entry, action: 'api-key.revoked' },
      ]);
    await nextActivity(stream);
    await expect(stream.next(300)).rejects.toThrow(/no event/);

    // Another workspace's entries are not this stream's.
    await callApi(instances.firstOrigin, 'POST', '/api/items', member, { name: 'The member’s own' });
    await expect(stream.next(300)).rejects.toThrow(/no event/);
    for (const event of stream.events) expect(event.type).toBe('activity');
  });

  it('is for those who may read the log: a member is refused, as GET /api/activity refuses them', async () => {
    const owner = await signedUp();
    await setPlan(db(), owner.uid, { quantity: 2 });
    const [member, admin] = [await signedUp(), await signedUp()];
    await insertJoinedMember(db(), owner, member);
    await insertJoinedMember(db(), owner, admin, 'admin');
    const url = (follow: string) =>
      `${instances.firstOrigin}/api/items/stream?workspace=${owner.uid}&follow=${follow}`;

    const refused = await fetch(url('activity'), { headers: { authorization: `Bearer ${member.token}` } });
    expect(refused.status).toBe(403);
    const bad = await fetch(url('everything'), { headers: { authorization: `Bearer ${member.token}` } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });

    const allowed = await openItemStream(instances.firstOrigin, admin, {
      workspace: owner.uid,
      follow: 'activity',
    });
    await nextActivity(allowed);
  });
});
